import { Body, Controller, Delete, Get, Header, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type Notification,
  type Page,
  type PushPublicKey,
  type SnoozeState,
  type SuccessMessageResponse,
  type TNotificationPageQuery,
  type TPushSubscriptionRequest,
  type TSnoozeRequest,
  ZNotificationPageQuery,
  ZPushSubscriptionRequest,
  ZPushUnsubscribeRequest,
  ZSnoozeRequest,
} from '@teaminbox/contracts';
import { Caller, OwnAccountRoute } from '../../../platform/auth';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { vapidKeysOf } from '../../../platform/config/vapid-keys';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { MarkAllNotificationsReadCommand } from '../commands/mark-all-notifications-read/mark-all-notifications-read.command';
import { NOTIFICATION_NOT_FOUND } from '../commands/mark-notification-read/mark-notification-read.handler';
import { MarkNotificationReadCommand } from '../commands/mark-notification-read/mark-notification-read.command';
import { SnoozeNotificationsCommand } from '../commands/snooze-notifications/snooze-notifications.command';
import { SubscribeToPushCommand } from '../commands/subscribe-to-push/subscribe-to-push.command';
import { UnsubscribeFromPushCommand } from '../commands/unsubscribe-from-push/unsubscribe-from-push.command';
import { CountUnreadNotificationsQuery } from '../queries/count-unread-notifications/count-unread-notifications.query';
import { GetSnoozeQuery } from '../queries/get-snooze/get-snooze.query';
import {
  ListNotificationsQuery,
  ListUnreadNotificationsQuery,
} from '../queries/list-notifications/list-notifications.query';

/**
 * The caller's own notifications (spec section 7), their snooze and their browsers' push subscriptions. Every call
 * is about the caller only: another user's notification id answers 404. Personal: open to an auditor too.
 */
@OwnAccountRoute()
@Controller('notifications')
export class NotificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  list(
    @Caller() caller: Caller,
    @Query(new ZodValidationPipe(ZNotificationPageQuery)) query: TNotificationPageQuery,
  ): Promise<Page<Notification>> {
    return this.queries.execute(new ListNotificationsQuery(caller.userId, query.page, query.size));
  }

  @Get('unread')
  unread(@Caller() caller: Caller): Promise<Notification[]> {
    return this.queries.execute(new ListUnreadNotificationsQuery(caller.userId));
  }

  @Get('unread-count')
  @Header('Content-Type', 'application/json')
  unreadCount(@Caller() caller: Caller): Promise<number> {
    return this.queries.execute(new CountUnreadNotificationsQuery(caller.userId));
  }

  @Put('mark-all-read')
  markAllRead(@Caller() caller: Caller): Promise<SuccessMessageResponse> {
    return this.commands.execute(new MarkAllNotificationsReadCommand(caller.userId));
  }

  @Get('snooze')
  snooze(@Caller() caller: Caller): Promise<SnoozeState> {
    return this.queries.execute(new GetSnoozeQuery(caller.userId));
  }

  @Put('snooze')
  snoozeFor(
    @Caller() caller: Caller,
    @Body(new ZodValidationPipe(ZSnoozeRequest)) body: TSnoozeRequest,
  ): Promise<SnoozeState> {
    return this.commands.execute(new SnoozeNotificationsCommand(caller.userId, body.minutes));
  }

  @Delete('snooze')
  endSnooze(@Caller() caller: Caller): Promise<SnoozeState> {
    return this.commands.execute(new SnoozeNotificationsCommand(caller.userId, null));
  }

  @Get('push/public-key')
  pushPublicKey(): PushPublicKey {
    return { publicKey: vapidKeysOf(this.config).publicKey };
  }

  @Post('push-subscriptions')
  @HttpCode(200)
  subscribe(
    @Caller() caller: Caller,
    @Body(new ZodValidationPipe(ZPushSubscriptionRequest)) body: TPushSubscriptionRequest,
  ): Promise<SuccessMessageResponse> {
    return this.commands.execute(new SubscribeToPushCommand(caller.userId, body));
  }

  @Delete('push-subscriptions')
  unsubscribe(
    @Caller() caller: Caller,
    @Body(new ZodValidationPipe(ZPushUnsubscribeRequest)) body: { endpoint: string },
  ): Promise<SuccessMessageResponse> {
    return this.commands.execute(new UnsubscribeFromPushCommand(caller.userId, body.endpoint));
  }

  @Put(':id/read')
  markRead(@Caller() caller: Caller, @Param('id') id: string): Promise<Notification> {
    return this.commands.execute(new MarkNotificationReadCommand(caller.userId, uuidOr404(id, NOTIFICATION_NOT_FOUND)));
  }
}
