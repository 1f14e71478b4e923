import { type BeforeApplicationShutdown, type DynamicModule, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { ConversationsModule } from '../conversations';
import { NotificationSettingsModule } from '../notification-settings';
import { PreferencesModule } from '../preferences';
import { MarkAllNotificationsReadHandler } from './commands/mark-all-notifications-read/mark-all-notifications-read.handler';
import { MarkNotificationReadHandler } from './commands/mark-notification-read/mark-notification-read.handler';
import { RemoveExpiredPushSubscriptionHandler } from './commands/remove-expired-push-subscription/remove-expired-push-subscription.handler';
import { SnoozeNotificationsHandler } from './commands/snooze-notifications/snooze-notifications.handler';
import { SubscribeToPushHandler } from './commands/subscribe-to-push/subscribe-to-push.handler';
import { UnsubscribeFromPushHandler } from './commands/unsubscribe-from-push/unsubscribe-from-push.handler';
import { NOTIFICATIONS_CREATED_PERSONAL_FIELDS } from './domain/notification-personal-fields';
import { NotificationsController } from './http/notifications.controller';
import { NotificationDigestQueue } from './jobs/notification-digest-queue';
import { NotificationDigestWorker } from './jobs/notification-digest.worker';
import { NotificationEmailWorker } from './jobs/notification-email.worker';
import { NotificationQueue } from './jobs/notification-queue';
import { SlackWorker } from './jobs/slack.worker';
import { WebPushWorker } from './jobs/web-push.worker';
import { NotificationListProjection } from './projections/notification-list/notification-list.projection';
import { PushSubscriptionProjection } from './projections/push-subscription/push-subscription.projection';
import { CountUnreadNotificationsHandler } from './queries/count-unread-notifications/count-unread-notifications.handler';
import { GetSnoozeHandler } from './queries/get-snooze/get-snooze.handler';
import {
  ListNotificationsHandler,
  ListUnreadNotificationsHandler,
} from './queries/list-notifications/list-notifications.handler';
import { DeliverNotificationsReaction } from './reactions/deliver-notifications.reaction';
import { NotifyRecipientsProcessManager } from './reactions/notify-recipients.process-manager';
import { LiveNotifications } from './reactions/live-notifications';
import { HeldNotifications } from './reactions/held-notifications';
import { RecipientDirectory } from './reactions/recipient-directory';
import { UnreadCounts } from './reactions/unread-counts';

export interface NotificationsModuleOptions {
  /** Run the channel workers in this process (default true; the rebuild CLI turns them off). */
  workers?: boolean;
}

const NOTIFICATIONS_MODULE_OPTIONS = Symbol('NOTIFICATIONS_MODULE_OPTIONS');

/**
 * Notifications: a process manager turns new emails, assignments and comments into notifications (once per cause
 * and recipient), a projection lists them, a reaction delivers them live to the recipient's sockets and as durable
 * jobs to email, Slack and browser push. See docs/notifications.md.
 */
@Module({})
export class NotificationsModule implements OnModuleInit, BeforeApplicationShutdown {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly queue: NotificationQueue,
    private readonly digestQueue: NotificationDigestQueue,
    private readonly digest: NotificationDigestWorker,
    private readonly list: NotificationListProjection,
    private readonly subscriptions: PushSubscriptionProjection,
    private readonly notify: NotifyRecipientsProcessManager,
    private readonly deliver: DeliverNotificationsReaction,
    private readonly email: NotificationEmailWorker,
    private readonly slack: SlackWorker,
    private readonly push: WebPushWorker,
    @Inject(NOTIFICATIONS_MODULE_OPTIONS) private readonly options: NotificationsModuleOptions,
    private readonly personalData: PersonalDataRegistry,
  ) {}

  static forRoot(options: NotificationsModuleOptions = {}): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [ConversationsModule, NotificationSettingsModule, PreferencesModule],
      controllers: [NotificationsController],
      providers: [
        { provide: NOTIFICATIONS_MODULE_OPTIONS, useValue: options },
        NotificationQueue,
        NotificationDigestQueue,
        NotificationDigestWorker,
        NotificationListProjection,
        PushSubscriptionProjection,
        RecipientDirectory,
        HeldNotifications,
        UnreadCounts,
        LiveNotifications,
        NotifyRecipientsProcessManager,
        DeliverNotificationsReaction,
        NotificationEmailWorker,
        SlackWorker,
        WebPushWorker,
        MarkNotificationReadHandler,
        MarkAllNotificationsReadHandler,
        SnoozeNotificationsHandler,
        SubscribeToPushHandler,
        UnsubscribeFromPushHandler,
        RemoveExpiredPushSubscriptionHandler,
        ListNotificationsHandler,
        ListUnreadNotificationsHandler,
        CountUnreadNotificationsHandler,
        GetSnoozeHandler,
      ],
    };
  }

  /**
   * The personal fields of NotificationsCreated are declared before anything is appended; pg-boss starts (and
   * creates its queues) before the projection runner feeds the delivery reaction.
   */
  async onModuleInit(): Promise<void> {
    this.personalData.declare('NotificationsCreated', NOTIFICATIONS_CREATED_PERSONAL_FIELDS);
    this.personalData.onErasure((events, tx) => this.queue.eraseCopiesOf(events, tx));
    await this.queue.start();
    await this.digestQueue.start();
    this.runner.registerProjection(this.list);
    this.runner.registerProjection(this.subscriptions);
    this.runner.registerReaction(this.notify);
    this.runner.registerReaction(this.deliver);
    if (this.options.workers ?? true) {
      await this.queue.work('email', (job) => this.email.run(job));
      await this.queue.work('slack', (job) => this.slack.run(job));
      await this.queue.work('push', (job) => this.push.run(job));
      await this.digestQueue.work((job) => this.digest.run(job));
    }
  }

  /**
   * Stops pg-boss (waiting for a running job) once the projection runner has stopped feeding the delivery reaction
   * (it stops in onModuleDestroy), before the application's connections close.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.stop();
    await this.digestQueue.stop();
  }
}
