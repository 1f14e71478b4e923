import { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'pg';
import PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import { JOB_QUEUE_SETUP_LOCK, withAdvisoryLock } from '../database/data-source';

/** pg-boss checks once a second whether the workers it stops have stopped; one check after they have, none is left. */
const WORKER_STOP_CHECK_MS = 1_100;
/** How long stop() waits for running jobs and queries before it closes the connections anyway. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * One pg-boss instance (schema `pgboss`, on the application's database) with a stop that leaves nothing running.
 *
 * pg-boss's own stop resolves once no job runs, while a worker may still be finishing its fetch and pg-boss keeps
 * checking, once a second, until it has: a test module closed then, or a process shutting down, would still see the
 * queue's timers and queries. This owns the connections instead, counts the queries and jobs in flight, and stop()
 * returns only after they are done and pg-boss's next check has seen its workers stopped.
 */
export class JobBoss {
  private readonly logger: Logger;
  private pool: Pool | null = null;
  private boss: PgBoss | null = null;
  private inFlight = 0;
  private idle: (() => void)[] = [];

  constructor(private readonly name: string) {
    this.logger = new Logger(name);
  }

  /** Opens the connections, sets up pg-boss's schema and the queues (one replica at a time). */
  async start(db: DataSource, queues: PgBoss.Queue[]): Promise<void> {
    const url = (db.options as { url?: string }).url;
    if (!url) throw new Error(`${this.name} needs the database URL`);
    const pool = new Pool({ connectionString: url, max: 4, application_name: 'pgboss' });
    pool.on('error', (error: Error) => this.logger.error(`${this.name}: ${error.message}`));
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.track(() => pool.query(text, values)) },
      schema: 'pgboss',
      schedule: false,
    });
    boss.on('error', (error: Error) => this.logger.error(`${this.name}: ${error.message}`));
    this.pool = pool;
    try {
      // Replicas starting together would deadlock in pg-boss's schema and queue set-up: one at a time.
      await withAdvisoryLock(db, JOB_QUEUE_SETUP_LOCK, async () => {
        await boss.start();
        for (const queue of queues) await boss.createQueue(queue.name, queue);
      });
    } catch (error) {
      this.pool = null;
      await pool.end();
      throw error;
    }
    this.boss = boss;
  }

  /** The started pg-boss, to send or insert jobs. */
  started(): PgBoss {
    if (!this.boss) throw new Error(`${this.name} is not started`);
    return this.boss;
  }

  /** A worker on the queue; each job is handled alone and counted as running until its handler settles. */
  async work<T extends object>(
    queue: string,
    pollingIntervalSeconds: number,
    handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
  ): Promise<void> {
    await this.started().work<T>(queue, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds }, ([job]) =>
      this.track(() => handler(job)),
    );
  }

  /** Waits for running jobs and queries (bounded), then closes the connections. */
  async stop(): Promise<void> {
    const boss = this.boss;
    const pool = this.pool;
    this.boss = null;
    this.pool = null;
    if (!boss || !pool) return;
    await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS, close: false });
    if (!(await this.whenIdle(STOP_TIMEOUT_MS))) {
      this.logger.warn(`${this.name}: stopped with ${this.inFlight} queries or jobs still running`);
    }
    await sleep(WORKER_STOP_CHECK_MS);
    await pool.end();
  }

  private async track<R>(work: () => Promise<R>): Promise<R> {
    this.inFlight++;
    try {
      return await work();
    } finally {
      if (--this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  private async whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return true;
    const timeout = new AbortController();
    const idle = new Promise<true>((resolve) => this.idle.push(() => resolve(true)));
    const late = sleep(timeoutMs, false as const, { signal: timeout.signal }).catch(() => false as const);
    try {
      return await Promise.race([idle, late]);
    } finally {
      timeout.abort();
    }
  }
}
