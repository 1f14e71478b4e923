import { Command } from '@nestjs/cqrs';
import type { Notification } from '@teaminbox/contracts';

/** Marks one of the caller's notifications read; answers it. Another user's notification is not found. */
export class MarkNotificationReadCommand extends Command<Notification> {
  constructor(
    readonly userId: string,
    readonly notificationId: string,
  ) {
    super();
  }
}
