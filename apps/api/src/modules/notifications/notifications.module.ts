import { type BeforeApplicationShutdown, type DynamicModule, Inject, type OnModuleInit } from '@nestjs/common';
import { FeatureModule } from '../../platform/module-manifest/manifest';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { ConversationsModule } from '../conversations';
import { NotificationSettingsModule } from '../notification-settings';
import { PreferencesModule } from '../preferences';
import { NOTIFICATIONS_CREATED_PERSONAL_FIELDS } from './domain/notification-personal-fields';
import { NotificationsController } from './http/notifications.controller';
import { NotificationDigestQueue } from './infrastructure/notification-digest-queue';
import { NotificationDigestWorker } from './infrastructure/notification-digest.worker';
import { NotificationEmailWorker } from './infrastructure/notification-email.worker';
import { NotificationQueue } from './infrastructure/notification-queue';
import { SlackWorker } from './infrastructure/slack.worker';
import { WebPushWorker } from './infrastructure/web-push.worker';
import { LiveNotifications } from './reactions/live-notifications';
import { HeldNotifications } from './reactions/held-notifications';
import { RecipientDirectory } from './reactions/recipient-directory';
import { UnreadCounts } from './reactions/unread-counts';
import { NOTIFICATIONS_MANIFEST } from './notifications.manifest';

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
@FeatureModule(NOTIFICATIONS_MANIFEST)
export class NotificationsModule implements OnModuleInit, BeforeApplicationShutdown {
  constructor(
    private readonly queue: NotificationQueue,
    private readonly digestQueue: NotificationDigestQueue,
    private readonly digest: NotificationDigestWorker,
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
        RecipientDirectory,
        HeldNotifications,
        UnreadCounts,
        LiveNotifications,
        NotificationEmailWorker,
        SlackWorker,
        WebPushWorker,
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
