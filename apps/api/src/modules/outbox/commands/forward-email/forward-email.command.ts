import { Command } from '@nestjs/cqrs';
import type { SendReplyResponse, TForwardEmailRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Queues one of the team's emails, with a note and the attachments chosen, for sending on to other addresses. */
export class ForwardEmailCommand extends Command<SendReplyResponse> {
  constructor(
    readonly caller: TeamCaller,
    readonly request: TForwardEmailRequest,
  ) {
    super();
  }
}
