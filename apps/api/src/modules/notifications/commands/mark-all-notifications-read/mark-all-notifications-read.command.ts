import { Command } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';

/** Marks every notification the caller has now read (one arriving meanwhile stays unread). */
export class MarkAllNotificationsReadCommand extends Command<SuccessMessageResponse> {
  constructor(readonly userId: string) {
    super();
  }
}
