import { Logger } from '@nestjs/common';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'pg';
import PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import { JOB_QUEUE_SETUP_LOCK, withAdvisoryLock } from '../database/data-source';

/** How long stop() waits for the running jobs before it closes the connections anyway. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * Waits `ms`, or less when `signal` aborts first (never rejects). The timer does not keep the process alive by itself:
 * a worker's pause is no reason to live on (a process whose queues were never stopped still ends).
 */
const pause = (ms: number, signal: AbortSignal) => sleep(ms, undefined, { signal, ref: false }).catch(() => undefined);

/**
 * One pg-boss instance (schema `pgboss`, on the application's database): its queues, the jobs' storage, retries and
 * maintenance are pg-boss's. The workers are this class's own loops over pg-boss's `fetch`, `complete` and `fail`
 * (what pg-boss's `work` does), so that stop() ends them: pg-boss's own workers keep checking, once a second and on
 * timers of their own, whether they have stopped, and a test module closed or a process shut down in between still
 * had them running. stop() returns when no loop, job, query or timer of the queue is left.
 */
export class JobBoss {
  private readonly logger: Logger;
  private pool: Pool | null = null;
  private boss: PgBoss | null = null;
  private readonly stopping = new AbortController();
  private readonly loops = new Set<Promise<void>>();

  constructor(private readonly name: string) {
    this.logger = new Logger(name);
    // Every idle worker loop listens on this signal while it pauses: as many listeners as loops, not a leak.
    setMaxListeners(0, this.stopping.signal);
  }

  /** Opens the connections, sets up pg-boss's schema and the queues (one replica at a time). */
  async start(db: DataSource, queues: PgBoss.Queue[]): Promise<void> {
    const url = (db.options as { url?: string }).url;
    if (!url) throw new Error(`${this.name} needs the database URL`);
    const pool = new Pool({ connectionString: url, max: 4, application_name: 'pgboss' });
    pool.on('error', (error: Error) => this.logger.error(`${this.name}: ${error.message}`));
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
      schema: 'pgboss',
      schedule: false,
    });
    boss.on('error', (error: Error) => this.logger.error(`${this.name}: ${error.message}`));
    try {
      // Replicas starting together would deadlock in pg-boss's schema and queue set-up: one at a time.
      await withAdvisoryLock(db, JOB_QUEUE_SETUP_LOCK, async () => {
        await boss.start();
        for (const queue of queues) await boss.createQueue(queue.name, queue);
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    this.pool = pool;
    this.boss = boss;
  }

  /** The started pg-boss, to send or insert jobs. */
  started(): PgBoss {
    if (!this.boss) throw new Error(`${this.name} is not started`);
    return this.boss;
  }

  /**
   * A worker on the queue: fetches one job at a time (waiting `pollingIntervalSeconds` when there is none), runs the
   * handler, and completes the job, or fails it with the error (pg-boss retries it as the queue says). A handler that
   * outlives the job's expiry fails it as pg-boss's own workers do.
   */
  async work<T extends object>(
    queue: string,
    pollingIntervalSeconds: number,
    handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
  ): Promise<void> {
    const boss = this.started();
    const { signal } = this.stopping;
    const loop = (async () => {
      while (!signal.aborted) {
        let job: PgBoss.JobWithMetadata<T> | undefined;
        try {
          [job] = await boss.fetch<T>(queue, { batchSize: 1, includeMetadata: true });
        } catch (error) {
          this.logger.error(`${this.name}: fetching from ${queue} failed: ${(error as Error).message}`);
        }
        if (!job) {
          await pause(pollingIntervalSeconds * 1000, signal);
          continue;
        }
        await this.run(boss, queue, job, handler);
      }
    })();
    this.loops.add(loop);
    void loop.finally(() => this.loops.delete(loop));
  }

  /** Ends the workers once their running jobs are done (bounded), then closes the connections. */
  async stop(): Promise<void> {
    const boss = this.boss;
    const pool = this.pool;
    this.boss = null;
    this.pool = null;
    this.stopping.abort();
    if (!boss || !pool) return;
    const waiting = new AbortController();
    const ended = await Promise.race([
      Promise.all(this.loops).then(() => true),
      sleep(STOP_TIMEOUT_MS, false, { signal: waiting.signal }).catch(() => false),
    ]);
    waiting.abort();
    if (!ended) this.logger.warn(`${this.name}: stopped with ${this.loops.size} jobs still running`);
    await boss.stop({ graceful: false, close: false });
    await pool.end();
  }

  private async run<T extends object>(
    boss: PgBoss,
    queue: string,
    job: PgBoss.JobWithMetadata<T>,
    handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
  ): Promise<void> {
    const expiry = new AbortController();
    try {
      await Promise.race([
        handler(job),
        sleep(job.expireInSeconds * 1000, undefined, { signal: expiry.signal, ref: false }).then(() => {
          throw new Error(`handler did not finish within ${job.expireInSeconds} s`);
        }),
      ]);
      await this.settle(() => boss.complete(queue, job.id));
    } catch (error) {
      const failure = error instanceof Error ? { message: error.message, stack: error.stack } : { value: error };
      await this.settle(() => boss.fail(queue, job.id, failure));
    } finally {
      expiry.abort();
    }
  }

  /** Records a job's end; a queue stopped meanwhile leaves it active, and pg-boss's expiry hands it out again. */
  private async settle(record: () => Promise<unknown>): Promise<void> {
    try {
      await record();
    } catch (error) {
      this.logger.error(`${this.name}: recording a job's end failed: ${(error as Error).message}`);
    }
  }
}
