import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type PgBoss from 'pg-boss';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { hostGuardOf, type OutboundOptions } from '../../../platform/net';
import { MemberNotificationSettings, RecordSlackDeliveryCommand } from '../../notification-settings';
import { sendSlack } from './slack.sender';
import type { NotificationJob } from './notification-queue';

/**
 * Posts a notification to the recipient's Slack webhook as it is now (a webhook switched off or replaced since the
 * notification was decided gets nothing). 429 and server errors throw, so the queue retries with backoff; any other
 * 4xx is final and recorded on the user's settings, where refusals in a row switch Slack off with the reason. The
 * call is bounded (outboundHttps: deadline, answer cap, per-host and per-team limits); a call that got no slot
 * (OutboundBusyError) or no answer in time throws, and the job is retried.
 */
@Injectable()
export class SlackWorker {
  private readonly logger = new Logger(SlackWorker.name);
  /** Extra trust for a test server's certificate; never set in production. */
  outbound: Pick<OutboundOptions, 'ca' | 'lookup' | 'limits'> = {};

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: MemberNotificationSettings,
    private readonly commands: CommandBus,
  ) {}

  async run(job: PgBoss.JobWithMetadata<NotificationJob>): Promise<void> {
    const { userId, teamId, notificationId, title, message, actionUrl } = job.data;
    const slack = await this.settings.slackOf(userId);
    if (!slack?.enabled || !slack.webhookUrl) return;
    const webhookUrl = slack.webhookUrl;
    const link = actionUrl ? `${this.config.publicUrl}${actionUrl}` : null;
    let outcome;
    try {
      outcome = await sendSlack(
        webhookUrl,
        { title, message, link },
        {
          ...hostGuardOf(this.config),
          ...this.outbound,
          // A team with its share of calls in flight gets this job retried later rather than hold a worker.
          teamId,
          whenTeamBusy: 'reject',
        },
      );
    } catch (error) {
      this.logger.warn(
        `Slack notification ${notificationId} failed (attempt ${job.retryCount + 1}): ${(error as Error).message}`,
      );
      throw error;
    }
    if (outcome.kind === 'retry') {
      const wait = outcome.retryAfterSeconds === null ? '' : `, Retry-After ${outcome.retryAfterSeconds} s`;
      this.logger.warn(`Slack answered ${outcome.status} to notification ${notificationId}${wait}; retrying`);
      throw new Error(`Slack answered ${outcome.status}`);
    }
    if (outcome.kind === 'refused') {
      this.logger.warn(`Slack refused notification ${notificationId} with ${outcome.status}`);
      await this.commands.execute(
        new RecordSlackDeliveryCommand(userId, webhookUrl, {
          kind: 'refused',
          status: outcome.status,
          reason: outcome.reason,
        }),
      );
      return;
    }
    await this.commands.execute(new RecordSlackDeliveryCommand(userId, webhookUrl, { kind: 'delivered' }));
  }
}
