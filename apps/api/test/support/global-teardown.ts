import { rm } from 'node:fs/promises';
import { readTestServerState, TEST_STATE_ENV } from './test-server';

/** Stops the server global-setup.ts started (if it started one) and removes its temp dir. */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as { __TEST_PG__?: { stop(): Promise<void> } };
  const server = holder.__TEST_PG__;
  holder.__TEST_PG__ = undefined;
  if (server) await server.stop();
  const stateFile = process.env[TEST_STATE_ENV];
  if (!stateFile) return;
  const state = await readTestServerState(stateFile);
  if (state.embedded) await rm(state.embedded.dataDir, { recursive: true, force: true });
  await rm(stateFile, { force: true });
}
