import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';
import { ADMIN_URL_ENV, TEST_STATE_ENV, type TestServerState, writeTestServerState } from './test-server';

/**
 * Starts ONE PostgreSQL server for the whole jest run (an embedded one in a temp dir, or the server of
 * DATABASE_URL when set) and hands its admin URL to the workers through TEST_PG_ADMIN_URL.
 * Every test file then creates its own database on it (see test-database.ts).
 */
export default async function globalSetup(): Promise<void> {
  const external = process.env.DATABASE_URL;
  let state: TestServerState;
  if (external) {
    state = { adminUrl: external, embedded: null };
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), 'teaminbox-test-pg-'));
    const server = await startEmbeddedPostgres({
      dataDir,
      database: 'postgres',
      // Throwaway cluster: durability is not needed, speed is.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    state = { adminUrl: server.adminUrl, embedded: { dataDir } };
    (globalThis as { __TEST_PG__?: { stop(): Promise<void> } }).__TEST_PG__ = server;
  }
  process.env[ADMIN_URL_ENV] = state.adminUrl;
  process.env[TEST_STATE_ENV] = await writeTestServerState(state);
}
