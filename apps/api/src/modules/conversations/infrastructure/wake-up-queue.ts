import { Injectable } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { DataSource, type EntityManager } from 'typeorm';
import { JobBoss } from '../../../platform/jobs';

export const WAKE_UP_QUEUE = 'email-wake-up';

/**
 * A snooze's or a reminder's wake-up, due at `dueAt`. Its job id is the snooze's (or reminder's) id: inserted twice,
 * it is stored once; the email's decider ignores a job whose snooze or reminder has ended or been replaced.
 */
export type WakeUpJob = { emailId: string; teamId: string; dueAt: string } & (
  { kind: 'snooze'; snoozeId: string } | { kind: 'reminder'; reminderId: string }
);

export interface WakeUpQueueTuning {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each next one. */
  retryDelaySeconds: number;
  pollingIntervalSeconds: number;
}

export const DEFAULT_WAKE_UP_QUEUE_TUNING: WakeUpQueueTuning = {
  retryLimit: 10,
  retryDelaySeconds: 5,
  pollingIntervalSeconds: 1,
};

export type WakeUpHandler = (job: PgBoss.JobWithMetadata<WakeUpJob>) => Promise<void>;

/**
 * The durable wake-ups of snoozed emails and of reminders (pg-boss, schema `pgboss`, on the application's database):
 * each is a job that starts after its due time, inserted in the transaction of the scheduling reaction's checkpoint,
 * so a restart, a crash or a second replica neither loses nor doubles one (pg-boss hands a job to one worker).
 */
@Injectable()
export class WakeUpQueue {
  private readonly jobs = new JobBoss('Wake-up queue');
  tuning: WakeUpQueueTuning = { ...DEFAULT_WAKE_UP_QUEUE_TUNING };

  constructor(private readonly db: DataSource) {}

  async start(): Promise<void> {
    await this.jobs.start(this.db, [
      {
        name: WAKE_UP_QUEUE,
        retryLimit: this.tuning.retryLimit,
        retryDelay: this.tuning.retryDelaySeconds,
        retryBackoff: true,
      },
    ]);
  }

  /** Waits for a running job (bounded), then closes the queue's connections. */
  async stop(): Promise<void> {
    await this.jobs.stop();
  }

  /** Inserts the jobs inside tx (one statement), each starting after its due time; a job already stored stays. */
  async schedule(jobs: WakeUpJob[], tx: EntityManager): Promise<void> {
    if (jobs.length === 0) return;
    await this.jobs.started().insert(
      jobs.map((job) => ({
        id: job.kind === 'snooze' ? job.snoozeId : job.reminderId,
        name: WAKE_UP_QUEUE,
        data: job,
        startAfter: job.dueAt,
        retryLimit: this.tuning.retryLimit,
        retryDelay: this.tuning.retryDelaySeconds,
        retryBackoff: true,
      })),
      { db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await tx.query(text, values) }) } },
    );
  }

  async work(handler: WakeUpHandler): Promise<void> {
    await this.jobs.work<WakeUpJob>(WAKE_UP_QUEUE, this.tuning.pollingIntervalSeconds, handler);
  }
}
