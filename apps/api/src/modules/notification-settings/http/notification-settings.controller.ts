import { Body, Controller, Get, Put } from '@nestjs/common';
import {
  type NotificationSettings,
  type TNotificationSettingsRequest,
  ZNotificationSettingsRequest,
} from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { NotificationSettingsService } from '../notification-settings.service';

/** GET/PUT /notification-settings: the caller's own settings object (spec sections 3 and 7). */
@Controller('notification-settings')
export class NotificationSettingsController {
  constructor(private readonly settings: NotificationSettingsService) {}

  @Get()
  get(@CurrentUser() user: AuthenticatedUser): Promise<NotificationSettings> {
    return this.settings.get(user.id);
  }

  @Put()
  save(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(ZNotificationSettingsRequest)) body: TNotificationSettingsRequest,
  ): Promise<NotificationSettings> {
    return this.settings.save(user.id, body);
  }
}
