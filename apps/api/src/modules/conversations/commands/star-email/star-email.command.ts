import { Command } from '@nestjs/cqrs';
import type { EmailStar } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Stars (or unstars) one of the team's emails for the caller alone; recorded on the email's stream. */
export class StarEmailCommand extends Command<EmailStar> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
    readonly starred: boolean,
  ) {
    super();
  }
}
