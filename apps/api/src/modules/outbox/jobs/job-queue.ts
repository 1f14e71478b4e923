import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { JOB_QUEUE_SETUP_LOCK, withAdvisoryLock } from '../../../platform/database/data-source';

/**
 * pg-boss checks every second whether the workers it was asked to stop have stopped, and removes them one check after
 * they have: two checks cover a worker still finishing its fetch on a loaded machine.
 */
const WORKER_STOP_CHECK_MS = 2_100;

export const SEND_EMAIL_QUEUE = 'send-email';

export interface SendEmailJob {
  replyId: string;
  emailId: string;
  teamId: string;
}

export interface JobQueueTuning {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each next one. */
  retryDelaySeconds: number;
  pollingIntervalSeconds: number;
}

export const DEFAULT_JOB_QUEUE_TUNING: JobQueueTuning = {
  retryLimit: 5,
  retryDelaySeconds: 5,
  pollingIntervalSeconds: 1,
};

export type SendEmailHandler = (job: PgBoss.JobWithMetadata<SendEmailJob>) => Promise<void>;

/**
 * The Postgres job queue (pg-boss, schema `pgboss`) on the application's database. A job is inserted by the
 * reaction to the event that decided it, idempotently (by the job's id), before the reaction's checkpoint moves.
 */
@Injectable()
export class JobQueue {
  private readonly logger = new Logger(JobQueue.name);
  private boss: PgBoss | null = null;
  tuning: JobQueueTuning = { ...DEFAULT_JOB_QUEUE_TUNING };

  constructor(private readonly db: DataSource) {}

  async start(): Promise<void> {
    const url = (this.db.options as { url?: string }).url;
    if (!url) throw new Error('The job queue needs the database URL');
    const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 4, schedule: false });
    boss.on('error', (error: Error) => this.logger.error(`Job queue: ${error.message}`));
    // Replicas starting together would deadlock in pg-boss's schema and queue set-up: one at a time.
    await withAdvisoryLock(this.db, JOB_QUEUE_SETUP_LOCK, async () => {
      await boss.start();
      await boss.createQueue(SEND_EMAIL_QUEUE, {
        name: SEND_EMAIL_QUEUE,
        retryLimit: this.tuning.retryLimit,
        retryDelay: this.tuning.retryDelaySeconds,
        retryBackoff: true,
      });
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

  /** Inserts the job; its id is the reply id, so a second insert of the same reply is a no-op. */
  async enqueueSendEmail(job: SendEmailJob): Promise<void> {
    await this.started().send(SEND_EMAIL_QUEUE, job, {
      id: job.replyId,
      retryLimit: this.tuning.retryLimit,
      retryDelay: this.tuning.retryDelaySeconds,
      retryBackoff: true,
    });
  }

  async workSendEmail(handler: SendEmailHandler): Promise<void> {
    await this.started().work<SendEmailJob>(
      SEND_EMAIL_QUEUE,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.tuning.pollingIntervalSeconds },
      async ([job]) => handler(job),
    );
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('The job queue is not started');
    return this.boss;
  }
}
