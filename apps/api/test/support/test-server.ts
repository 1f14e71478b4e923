import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Env var holding the admin URL (database `postgres`) of the test server, set by global-setup.ts. */
export const ADMIN_URL_ENV = 'TEST_PG_ADMIN_URL';
/** Env var holding the path of a JSON file describing the test server (for tools outside jest workers). */
export const TEST_STATE_ENV = 'TEST_PG_STATE_FILE';

export interface TestServerState {
  adminUrl: string;
  /** Present when global-setup started an embedded server. */
  embedded: { dataDir: string } | null;
}

export async function writeTestServerState(state: TestServerState): Promise<string> {
  const file = join(tmpdir(), `teaminbox-test-pg-${process.pid}.json`);
  await writeFile(file, JSON.stringify(state), { mode: 0o600 });
  return file;
}

export async function readTestServerState(file: string): Promise<TestServerState> {
  return JSON.parse(await readFile(file, 'utf8')) as TestServerState;
}

export async function testServerAdminUrl(): Promise<string> {
  const url = process.env[ADMIN_URL_ENV];
  if (url) return url;
  const file = process.env[TEST_STATE_ENV];
  if (file) return (await readTestServerState(file)).adminUrl;
  throw new Error(`${ADMIN_URL_ENV} is not set: run the tests through jest (apps/api/jest.config.js globalSetup)`);
}
