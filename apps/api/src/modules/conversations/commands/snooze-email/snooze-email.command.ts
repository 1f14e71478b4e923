import { Command } from '@nestjs/cqrs';
import type { Email } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Snoozes one email of the caller's team until `until` (an ISO time in the future); answers the email as it is now. */
export class SnoozeEmailCommand extends Command<Email> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
    readonly until: string,
  ) {
    super();
  }
}
