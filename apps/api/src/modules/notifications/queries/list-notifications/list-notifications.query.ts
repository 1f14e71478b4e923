import { Query } from '@nestjs/cqrs';
import type { Notification, Page } from '@teaminbox/contracts';

/** A page of the user's notifications, newest first. */
export class ListNotificationsQuery extends Query<Page<Notification>> {
  constructor(
    readonly userId: string,
    readonly page: number,
    readonly size: number,
  ) {
    super();
  }
}

/** The user's unread notifications, newest first (at most UNREAD_LIMIT). */
export class ListUnreadNotificationsQuery extends Query<Notification[]> {
  constructor(readonly userId: string) {
    super();
  }
}

export const UNREAD_LIMIT = 100;
