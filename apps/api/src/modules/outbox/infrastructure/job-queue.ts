import { Injectable } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { JobBoss } from '../../../platform/jobs';

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
  private readonly jobs = new JobBoss('Job queue');
  tuning: JobQueueTuning = { ...DEFAULT_JOB_QUEUE_TUNING };

  constructor(private readonly db: DataSource) {}

  async start(): Promise<void> {
    await this.jobs.start(this.db, [
      {
        name: SEND_EMAIL_QUEUE,
        retryLimit: this.tuning.retryLimit,
        retryDelay: this.tuning.retryDelaySeconds,
        retryBackoff: true,
      },
    ]);
  }

  /** Waits for running jobs (bounded), then closes the queue's connections. */
  async stop(): Promise<void> {
    await this.jobs.stop();
  }

  /**
   * Inserts the job, starting after `startAfter` when given (the reply's undo window or its "send later" time: pg-boss
   * hands it to no worker before, across restarts and replicas); its id is the reply id, so a second insert of the
   * same reply is a no-op.
   */
  async enqueueSendEmail(job: SendEmailJob, startAfter?: string): Promise<void> {
    await this.jobs.started().send(SEND_EMAIL_QUEUE, job, {
      id: job.replyId,
      ...(startAfter ? { startAfter } : {}),
      retryLimit: this.tuning.retryLimit,
      retryDelay: this.tuning.retryDelaySeconds,
      retryBackoff: true,
    });
  }

  async workSendEmail(handler: SendEmailHandler): Promise<void> {
    await this.jobs.work<SendEmailJob>(SEND_EMAIL_QUEUE, this.tuning.pollingIntervalSeconds, handler);
  }
}
