import { Injectable, Logger } from '@nestjs/common';
import type { NotificationType, UserLanguage } from '@teaminbox/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { v5 as uuidv5 } from 'uuid';
import { DataSource, type EntityManager } from 'typeorm';
import { JOB_QUEUE_SETUP_LOCK, withAdvisoryLock } from '../../../platform/database/data-source';

/**
 * pg-boss checks every second whether the workers it was asked to stop have stopped, and removes them one check after
 * they have: two checks cover a worker still finishing its fetch on a loaded machine.
 */
const WORKER_STOP_CHECK_MS = 2_100;

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
  type: NotificationType;
  title: string;
  message: string;
  actionUrl: string | null;
  language: UserLanguage;
  /** Browser push: the device (subscription) this job is for. */
  subscriptionId?: string;
}

export interface NotificationQueueTuning {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each next one. */
  retryDelaySeconds: number;
  pollingIntervalSeconds: number;
  /** Jobs of one channel run at the same time in this process. */
  workersPerChannel: number;
}

export const DEFAULT_NOTIFICATION_QUEUE_TUNING: NotificationQueueTuning = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  pollingIntervalSeconds: 1,
  workersPerChannel: 2,
};

const JOB_NAMESPACE = '2d8e6f1a-9b3c-4e57-a0d1-6c4b8e2f7a93';

/** The job of a notification on a channel (and device, for push): inserting it twice stores it once. */
export const notificationJobIdOf = (notificationId: string, channel: NotificationChannel, subscriptionId = '') =>
  uuidv5(`${notificationId}\n${channel}\n${subscriptionId}`, JOB_NAMESPACE);

export type NotificationJobHandler = (job: PgBoss.JobWithMetadata<NotificationJob>) => Promise<void>;

/**
 * The notification channels' durable jobs (pg-boss, schema `pgboss`, on the application's database). Jobs are
 * inserted through the delivery reaction's transaction, so a job exists exactly when the checkpoint that decided it
 * moved; each is retried with exponential backoff.
 */
@Injectable()
export class NotificationQueue {
  private readonly logger = new Logger(NotificationQueue.name);
  private boss: PgBoss | null = null;
  tuning: NotificationQueueTuning = { ...DEFAULT_NOTIFICATION_QUEUE_TUNING };

  constructor(private readonly db: DataSource) {}

  async start(): Promise<void> {
    const url = (this.db.options as { url?: string }).url;
    if (!url) throw new Error('The notification queue needs the database URL');
    const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 4, schedule: false });
    boss.on('error', (error: Error) => this.logger.error(`Notification queue: ${error.message}`));
    // Replicas starting together would deadlock in pg-boss's schema and queue set-up: one at a time.
    await withAdvisoryLock(this.db, JOB_QUEUE_SETUP_LOCK, async () => {
      await boss.start();
      for (const name of Object.values(NOTIFICATION_QUEUES)) {
        await boss.createQueue(name, {
          name,
          retryLimit: this.tuning.retryLimit,
          retryDelay: this.tuning.retryDelaySeconds,
          retryBackoff: true,
        });
      }
    });
    this.boss = boss;
  }

  /** Waits for running jobs (bounded), then closes the queue's connections. */
  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    if (!boss) return;
    await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    // stop() resolves once no job runs, while pg-boss still checks its stopping workers once a second: wait that
    // check out, so nothing of the queue is left running when stop() returns (a closed test module, a shutdown).
    await sleep(WORKER_STOP_CHECK_MS);
  }

  /** Inserts the jobs inside tx (one statement); a job already stored is left as it is. */
  async enqueue(jobs: { channel: NotificationChannel; job: NotificationJob }[], tx: EntityManager): Promise<void> {
    if (jobs.length === 0) return;
    await this.started().insert(
      jobs.map(({ channel, job }) => ({
        id: notificationJobIdOf(job.notificationId, channel, job.subscriptionId),
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
    for (let i = 0; i < this.tuning.workersPerChannel; i++) {
      await this.started().work<NotificationJob>(
        NOTIFICATION_QUEUES[channel],
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.tuning.pollingIntervalSeconds },
        async ([job]) => handler(job),
      );
    }
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('The notification queue is not started');
    return this.boss;
  }
}
