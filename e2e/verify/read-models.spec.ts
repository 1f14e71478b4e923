import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from '../support/app-server';

/**
 * Runs after the browser tests (the 'read models' project is the teardown of 'browser', run whether they passed or
 * not): `npm run verify` against the database of the product the browser tests used, while it still runs. Every
 * projection is rebuilt from the whole log of the run and compared with the live read models.
 */
test('npm run verify: the read models of the browser tests equal a rebuild from the log', async ({}, testInfo) => {
  test.setTimeout(10 * 60_000);
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, 'global-setup sets E2E_DATA_DIR').toBeTruthy();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' };
  // The product of the run uses its embedded PostgreSQL in DATA_DIR: verify attaches to it.
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_URL;
  const child = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/cli/verify.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('close', done));
  await testInfo.attach('npm run verify', { body: output, contentType: 'text/plain' });
  console.log(output);
  expect(`exit code ${code}\n${output}`).toMatch(/^exit code 0\n/);
  expect(output).toContain('Read models verified');
});
