import { Command } from '@nestjs/cqrs';
import type { NotificationSettings, TNotificationSettingsRequest } from '@teaminbox/contracts';
import type { Caller } from '../../../../platform/auth';

/** Saves the caller's notification settings as a whole; answers them as stored. */
export class SaveNotificationSettingsCommand extends Command<NotificationSettings> {
  constructor(
    readonly caller: Caller,
    readonly request: TNotificationSettingsRequest,
  ) {
    super();
  }
}
