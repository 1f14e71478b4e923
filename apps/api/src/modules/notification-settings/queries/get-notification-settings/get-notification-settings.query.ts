import { Query } from '@nestjs/cqrs';
import type { NotificationSettings } from '@teaminbox/contracts';
import type { Caller } from '../../../../platform/auth';

/** The caller's own notification settings and the emails they muted. */
export class GetNotificationSettingsQuery extends Query<NotificationSettings> {
  constructor(readonly caller: Caller) {
    super();
  }
}
