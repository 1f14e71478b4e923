import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';

/** The longest the shutdown waits for the pool's connections in use. */
const SHUTDOWN_WAIT_MS = 3000;

/**
 * What the replicas of one deployment share besides the read models: a small pg pool on the application's database
 * for coordination (socket.io's adapter, rate-limit counters, leases) and this process's replica id.
 * The read models' TypeORM pool stays free for requests.
 */
@Injectable()
export class ClusterPool implements OnApplicationShutdown {
  /** This process among the replicas (new at every start). */
  readonly replicaId = uuidv7();
  readonly pool: Pool;
  private readonly logger = new Logger(ClusterPool.name);

  constructor(dataSource: DataSource) {
    const url = (dataSource.options as { url?: string }).url;
    if (!url) throw new Error('The cluster pool needs the database URL');
    this.pool = new Pool({ connectionString: url, max: 4, application_name: `teaminbox:${this.replicaId}` });
    // An idle client's error (the database restarted) must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
    // A client kept checked out (socket.io's LISTEN connection) has no pool listener: a lost connection (database
    // restarted, or dropped under a test) would be an unhandled 'error' that ends the process. Its owner sees the
    // 'end' that follows and connects again.
    this.pool.on('connect', (client) =>
      client.on('error', (error) => this.logger.warn(`A coordination connection was lost: ${error.message}`)),
    );
  }

  /**
   * Ends the pool. pg's end() waits for every checked-out client to come back; a client its owner never returns
   * (socket.io's adapter reconnecting while the app closes) would hold the shutdown forever, so it waits at most
   * SHUTDOWN_WAIT_MS and says so.
   */
  async onApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      this.pool.end().then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SHUTDOWN_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (!ended)
      this.logger.warn(
        `The coordination pool still had ${this.pool.totalCount - this.pool.idleCount} connection(s) in use ` +
          `after ${SHUTDOWN_WAIT_MS} ms; shutting down without them`,
      );
  }
}
