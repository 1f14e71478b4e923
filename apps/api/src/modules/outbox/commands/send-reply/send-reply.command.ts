import { Command } from '@nestjs/cqrs';
import type { SendReplyResponse, TSendReplyRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Queues a reply of the caller's team to one of its emails for sending (202: the outbox delivers it). */
export class SendReplyCommand extends Command<SendReplyResponse> {
  constructor(
    readonly caller: TeamCaller,
    readonly request: TSendReplyRequest,
  ) {
    super();
  }
}
