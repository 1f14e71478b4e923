import { Command } from '@nestjs/cqrs';
import type { CancelScheduledSendResponse } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Undo send / cancel a scheduled send: the reply, not yet handed to SMTP, becomes a draft again. */
export class CancelScheduledSendCommand extends Command<CancelScheduledSendResponse> {
  constructor(
    readonly caller: TeamCaller,
    readonly replyId: string,
  ) {
    super();
  }
}
