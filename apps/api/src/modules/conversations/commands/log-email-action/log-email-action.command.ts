import { Command } from '@nestjs/cqrs';
import type { EmailAction, TLogActionRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** The spec's log call: an entry a client adds to an email's action log; answers the whole log. */
export class LogEmailActionCommand extends Command<EmailAction[]> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
    readonly entry: TLogActionRequest,
  ) {
    super();
  }
}
