import { Command } from '@nestjs/cqrs';
import type { ReplyFailed, ReplySent } from '@teaminbox/contracts';

/** Records how the sending of a queued reply ended: sent, or failed after the last attempt (once). */
export class RecordDeliveryCommand extends Command<void> {
  constructor(readonly outcome: { type: 'ReplySent'; data: ReplySent } | { type: 'ReplyFailed'; data: ReplyFailed }) {
    super();
  }
}
