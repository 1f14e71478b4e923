import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource, MixedList } from 'typeorm';
import { migrations } from '../../src/migrations';
import { createDataSource, runMigrations } from '../../src/platform/database/data-source';
import { testServerAdminUrl } from './test-server';

export interface TestDatabase {
  url: string;
  name: string;
  /** Drops the database (ending any session still connected to it). */
  drop(): Promise<void>;
}

function withDatabase(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: await testServerAdminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates a fresh, uniquely named, empty database on the test server. Migrations are the caller's business. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = await testServerAdminUrl();
  const name = `test_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  let dropped = false;
  return {
    url: withDatabase(adminUrl, name),
    name,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await withAdmin((client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}

export interface MigratedTestDataSource {
  dataSource: DataSource;
  url: string;
  /** Destroys the DataSource and drops the database. */
  drop(): Promise<void>;
}

/** A fresh database with ALL migrations of the API applied, and an initialized DataSource on it. */
export async function createMigratedTestDataSource(
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string> = [],
): Promise<MigratedTestDataSource> {
  const database = await createTestDatabase();
  const dataSource = createDataSource({ url: database.url, entities, migrations });
  try {
    await runMigrations(dataSource);
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.drop();
    throw error;
  }
  return {
    dataSource,
    url: database.url,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await database.drop();
    },
  };
}

/** The rows of one query on its own connection to `url` (closed after it). */
export async function queryOnce<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}
