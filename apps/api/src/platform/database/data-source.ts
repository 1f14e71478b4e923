import { DataSource, type MixedList } from 'typeorm';

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
  });
}

/** Initializes the DataSource when needed and applies pending migrations, each in its own transaction. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  if (!dataSource.isInitialized) await dataSource.initialize();
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((migration) => migration.name);
}
