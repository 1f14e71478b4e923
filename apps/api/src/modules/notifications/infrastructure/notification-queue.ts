import { Injectable } from '@nestjs/common';
import type { NotificationKind, StoredNotificationsCreated, UserLanguage } from '@teaminbox/contracts';
import type PgBoss from 'pg-boss';
import { v5 as uuidv5 } from 'uuid';
import { DataSource, type EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import { JobBoss } from '../../../platform/jobs';
import { createdNotifications } from '../domain/notifications-created';

/** One queue per channel, so a slow or failing channel never holds back another. */
export const NOTIFICATION_QUEUES = {
  email: 'notification-email',
  slack: 'notification-slack',
  push: 'notification-push',
} as const;
export type NotificationChannel = keyof typeof NOTIFICATION_QUEUES;

/** What every channel job carries: the notification as it was decided. */
export interface NotificationJob {
  notificationId: string;
  userId: string;
  type: NotificationKind;
  title: string;
  message: string;
  actionUrl: string | null;
  language: UserLanguage;
  /** The team whose notification it is (its calls and emails count against the team's limits); absent in jobs
   * queued before it was recorded. */
  teamId?: string;
  /** Browser push: the device (subscription) this job is for. */
  subscriptionId?: string;
}

export interface NotificationQueueTuning {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each next one. */
  retryDelaySeconds: number;
  pollingIntervalSeconds: number;
  /** Email jobs that run at the same time in this process. */
  workersPerChannel: number;
  /**
   * Slack and push jobs that run at the same time in this process (each channel). More than a team's share of
   * outbound calls (OUTBOUND_PER_TEAM): a team whose endpoints are slow holds at most that share of the workers.
   */
  outboundWorkersPerChannel: number;
}

export const DEFAULT_NOTIFICATION_QUEUE_TUNING: NotificationQueueTuning = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  pollingIntervalSeconds: 1,
  workersPerChannel: 2,
  outboundWorkersPerChannel: 8,
};

const JOB_NAMESPACE = '2d8e6f1a-9b3c-4e57-a0d1-6c4b8e2f7a93';

/**
 * The job of a recipient's notification on a channel (and device, for push): inserting it twice stores it once. The
 * recipient is part of it: the recipients of one event share their notification's id.
 */
export const notificationJobIdOf = (
  notificationId: string,
  userId: string,
  channel: NotificationChannel,
  subscriptionId = '',
) => uuidv5(`${notificationId}\n${userId}\n${channel}\n${subscriptionId}`, JOB_NAMESPACE);

export type NotificationJobHandler = (job: PgBoss.JobWithMetadata<NotificationJob>) => Promise<void>;

/**
 * The notification channels' durable jobs (pg-boss, schema `pgboss`, on the application's database). Jobs are
 * inserted through the delivery reaction's transaction, so a job exists exactly when the checkpoint that decided it
 * moved; each is retried with exponential backoff.
 */
@Injectable()
export class NotificationQueue {
  private readonly jobs = new JobBoss('Notification queue');
  tuning: NotificationQueueTuning = { ...DEFAULT_NOTIFICATION_QUEUE_TUNING };

  constructor(private readonly db: DataSource) {}

  async start(): Promise<void> {
    await this.jobs.start(
      this.db,
      Object.values(NOTIFICATION_QUEUES).map((name) => ({
        name,
        retryLimit: this.tuning.retryLimit,
        retryDelay: this.tuning.retryDelaySeconds,
        retryBackoff: true,
      })),
    );
  }

  /** Waits for running jobs (bounded), then closes the queue's connections. */
  async stop(): Promise<void> {
    await this.jobs.stop();
  }

  /** Inserts the jobs inside tx (one statement); a job already stored is left as it is. */
  async enqueue(jobs: { channel: NotificationChannel; job: NotificationJob }[], tx: EntityManager): Promise<void> {
    if (jobs.length === 0) return;
    await this.jobs.started().insert(
      jobs.map(({ channel, job }) => ({
        id: notificationJobIdOf(job.notificationId, job.userId, channel, job.subscriptionId),
        name: NOTIFICATION_QUEUES[channel],
        data: job,
        retryLimit: this.tuning.retryLimit,
        retryDelay: this.tuning.retryDelaySeconds,
        retryBackoff: true,
      })),
      { db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await tx.query(text, values) }) } },
    );
  }

  async work(channel: NotificationChannel, handler: NotificationJobHandler): Promise<void> {
    const workers = channel === 'email' ? this.tuning.workersPerChannel : this.tuning.outboundWorkersPerChannel;
    for (let i = 0; i < workers; i++) {
      await this.jobs.work<NotificationJob>(NOTIFICATION_QUEUES[channel], this.tuning.pollingIntervalSeconds, handler);
    }
  }

  /**
   * The notifications' eraser (PersonalDataRegistry.onErasure): the jobs of every channel (queued, retried, done or
   * failed, in pg-boss's live and archived jobs) and the digest's held notifications copy each notification's title
   * and message; those of the erased events are written again as the events now read ("[erased]" where they named
   * the person), like the notification list.
   */
  async eraseCopiesOf(events: readonly StoredEvent[], tx: EntityManager): Promise<void> {
    const texts = events
      .filter((event) => event.type === 'NotificationsCreated')
      .flatMap((event) => createdNotifications(event.data as StoredNotificationsCreated))
      .map((n) => ({ id: n.notificationId, userId: n.userId, title: n.title, message: n.message }));
    if (texts.length === 0) return;
    const values = [
      texts.map((text) => text.id),
      texts.map((text) => text.userId),
      texts.map((text) => text.title),
      texts.map((text) => text.message),
    ];
    for (const table of ['pgboss.job', 'pgboss.archive']) {
      const [{ found }]: { found: boolean }[] = await tx.query('SELECT to_regclass($1) IS NOT NULL AS found', [table]);
      if (!found) continue;
      await tx.query(
        `UPDATE ${table} AS job SET data = job.data || jsonb_build_object('title', v.title, 'message', v.message)
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS v(id, user_id, title, message)
          WHERE job.name = ANY($5::text[]) AND job.data->>'notificationId' = v.id AND job.data->>'userId' = v.user_id`,
        [...values, Object.values(NOTIFICATION_QUEUES)],
      );
    }
    await tx.query(
      `UPDATE notification_email_digest AS held SET title = v.title, message = v.message
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS v(id, user_id, title, message)
        WHERE held.notification_id = v.id AND held.user_id = v.user_id`,
      values,
    );
  }
}
