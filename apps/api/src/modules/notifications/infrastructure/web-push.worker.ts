import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { vapidKeysOf } from '../../../platform/config/vapid-keys';
import { hostGuardOf, type OutboundOptions } from '../../../platform/net';
import { sendWebPush } from './web-push.sender';
import { RemoveExpiredPushSubscriptionCommand } from '../commands/remove-expired-push-subscription/remove-expired-push-subscription.command';
import type { NotificationJob } from './notification-queue';

/**
 * Sends a notification to one subscribed browser (one job per device, so a retry never repeats another device's
 * push). A subscription the push service reports gone (404, 410) is removed; other failures throw for a retry, as do
 * a call that got no slot of its host's or team's limits (OutboundBusyError) and one without an answer in time.
 */
@Injectable()
export class WebPushWorker {
  private readonly logger = new Logger(WebPushWorker.name);
  /** Extra trust for a test server's certificate; never set in production. */
  outbound: Pick<OutboundOptions, 'ca' | 'lookup' | 'limits'> = {};

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: DataSource,
    private readonly commands: CommandBus,
  ) {}

  async run(job: PgBoss.JobWithMetadata<NotificationJob>): Promise<void> {
    const { userId, teamId, subscriptionId, notificationId, type, title, message, actionUrl } = job.data;
    const [subscription]: { endpoint: string; p256dh: string; auth: string }[] = await this.db.query(
      'SELECT endpoint, p256dh, auth FROM push_subscription WHERE id = $1 AND user_id = $2',
      [subscriptionId, userId],
    );
    if (!subscription) return;
    const outcome = await sendWebPush(
      subscription,
      { id: notificationId, type, title, message, actionUrl },
      vapidKeysOf(this.config),
      {
        ...hostGuardOf(this.config),
        ...this.outbound,
        // A team with its share of calls in flight gets this job retried later rather than hold a worker.
        teamId,
        whenTeamBusy: 'reject',
      },
    );
    if (outcome.kind === 'gone') {
      this.logger.log(`Push subscription ${subscriptionId} is gone (${outcome.status}); removing it`);
      await this.commands.execute(new RemoveExpiredPushSubscriptionCommand(userId, subscriptionId ?? ''));
      return;
    }
    if (outcome.kind === 'failed') {
      this.logger.warn(`Push of notification ${notificationId} failed with ${outcome.status}; retrying`);
      throw new Error(`The push service answered ${outcome.status}`);
    }
  }
}
