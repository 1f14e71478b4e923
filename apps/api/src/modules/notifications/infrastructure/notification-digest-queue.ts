import { Injectable } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { v5 as uuidv5 } from 'uuid';
import { DataSource, type EntityManager } from 'typeorm';
import { JobBoss } from '../../../platform/jobs';

export const NOTIFICATION_DIGEST_QUEUE = 'notification-email-digest';

/** A recipient's digest of one window: the notifications past a cap in it, mailed at the window's end. */
export interface NotificationDigestJob {
  userId: string;
  /** ISO time of the window's start. */
  windowStart: string;
}

/** The hourly caps of notification email (per recipient and per team) and the window they count in. */
export interface NotificationEmailCaps {
  perRecipient: number;
  perTeam: number;
  windowSeconds: number;
}

export const DEFAULT_NOTIFICATION_EMAIL_CAPS: NotificationEmailCaps = {
  perRecipient: 30,
  perTeam: 300,
  windowSeconds: 3600,
};

const JOB_NAMESPACE = '6f0c3b1e-52a4-4d8f-9e37-1b2a5c7d9e40';

/** One digest job per recipient and window: scheduling it again stores nothing new. */
export const digestJobIdOf = (userId: string, windowStart: string) =>
  uuidv5(`${userId}\n${windowStart}`, JOB_NAMESPACE);

/**
 * The digests' durable jobs (pg-boss, its own queue and worker): each starts at its window's end, so a restart in
 * between loses nothing; a failed send is retried with backoff.
 */
@Injectable()
export class NotificationDigestQueue {
  private readonly jobs = new JobBoss('Notification digest queue');
  caps: NotificationEmailCaps = { ...DEFAULT_NOTIFICATION_EMAIL_CAPS };
  pollingIntervalSeconds = 1;

  constructor(private readonly db: DataSource) {}

  async start(): Promise<void> {
    await this.jobs.start(this.db, [
      { name: NOTIFICATION_DIGEST_QUEUE, retryLimit: 5, retryDelay: 10, retryBackoff: true },
    ]);
  }

  async stop(): Promise<void> {
    await this.jobs.stop();
  }

  /** Schedules the digest of a recipient's window inside tx, to start at `startAfter`; once per recipient and window. */
  async schedule(job: NotificationDigestJob, startAfter: Date, tx: EntityManager): Promise<void> {
    await this.jobs.started().insert(
      [
        {
          id: digestJobIdOf(job.userId, job.windowStart),
          name: NOTIFICATION_DIGEST_QUEUE,
          data: job,
          startAfter,
          retryLimit: 5,
          retryDelay: 10,
          retryBackoff: true,
        },
      ],
      { db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await tx.query(text, values) }) } },
    );
  }

  async work(handler: (job: PgBoss.JobWithMetadata<NotificationDigestJob>) => Promise<void>): Promise<void> {
    await this.jobs.work<NotificationDigestJob>(NOTIFICATION_DIGEST_QUEUE, this.pollingIntervalSeconds, handler);
  }
}
