import { Logger as NestLogger } from '@nestjs/common';
import { DataSource, type Logger, type MixedList } from 'typeorm';

/**
 * TypeORM's failed-query log without the parameters: they hold mail bodies, addresses and sealed secrets, which
 * must not reach the log. The statement's start and PostgreSQL's error (code and message) are enough to find it.
 */
class FailedQueryLogger implements Logger {
  private readonly logger = new NestLogger('Database');

  logQueryError(error: string | Error, query: string): void {
    const { message, code } = (typeof error === 'string' ? { message: error } : error) as Error & { code?: string };
    const statement = query.replace(/\s+/g, ' ').trim().slice(0, 200);
    this.logger.warn(`Query failed${code ? ` (${code})` : ''}: ${message} -- ${statement}`);
  }

  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(message: string): void {
    this.logger.log(message);
  }
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
  }
}

export interface CreateDataSourceOptions {
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: Function[];
  /** Connection pool size (default 10). */
  poolSize?: number;
  /** Log failed queries (default true). */
  logErrors?: boolean;
}

/**
 * A TypeORM DataSource for PostgreSQL. Schema changes only come from migrations: `synchronize` and
 * `migrationsRun` are off, the caller runs {@link runMigrations} (the API does it once at start).
 */
export function createDataSource(options: CreateDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    entities: options.entities,
    migrations: options.migrations,
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'typeorm_migrations',
    poolSize: options.poolSize ?? 10,
    logging: options.logErrors === false ? false : ['error'],
    logger: new FailedQueryLogger(),
  });
}

/** The session advisory lock that makes replicas starting at once migrate one after the other. */
export const MIGRATION_LOCK = 'teaminbox-migrations';
/** The same for the job queues' set-up (pg-boss's schema and queues). */
export const JOB_QUEUE_SETUP_LOCK = 'teaminbox-job-queue-setup';

/**
 * Runs `work` while holding a session advisory lock (on a connection of its own): replicas that run the same step at
 * the same time (schema set-up at start) take turns instead of colliding.
 */
export async function withAdvisoryLock<T>(dataSource: DataSource, name: string, work: () => Promise<T>): Promise<T> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      return await work();
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  } finally {
    await lock.release();
  }
}

/**
 * Initializes the DataSource when needed and applies pending migrations, each in its own transaction, under a
 * session advisory lock: a second replica starting at the same time waits, then finds nothing left to apply.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  if (!dataSource.isInitialized) await dataSource.initialize();
  const applied = await withAdvisoryLock(dataSource, MIGRATION_LOCK, () =>
    dataSource.runMigrations({ transaction: 'each' }),
  );
  return applied.map((migration) => migration.name);
}
