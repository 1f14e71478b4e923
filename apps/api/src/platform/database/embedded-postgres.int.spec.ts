import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { queryOnce } from '../../../test/support/test-database';

const apiRoot = resolve(__dirname, '../../..');

interface Started {
  url: string;
  port: number;
  initialised: boolean;
  stop(): Promise<number | null>;
}

/** Starts the embedded server in a child process (the package is ESM-only, which jest's runtime cannot load). */
function startInChild(dataDir: string): Promise<Started> {
  const child = spawn(
    process.execPath,
    [
      '-r',
      join(apiRoot, 'test/support/swc-register.js'),
      join(apiRoot, 'test/support/embedded-postgres-child.ts'),
      dataDir,
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  return new Promise((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', (line) => {
      const info = JSON.parse(line) as Omit<Started, 'stop'>;
      ok({
        ...info,
        stop: () => {
          child.stdin.end();
          return exited;
        },
      });
    });
    void exited.then((code) => fail(new Error(`embedded PostgreSQL child exited with ${code}: ${stderr}`)));
  });
}

describe('embedded PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'teaminbox-embedded-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its data across a stop and a start, behind a generated password', async () => {
    const first = await startInChild(dataDir);
    try {
      expect(first.initialised).toBe(true);
      expect(first.url).not.toContain('postgres:postgres@');
      await queryOnce(first.url, `CREATE TABLE kept (note text); INSERT INTO kept VALUES ('survives restarts')`);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(statSync(join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600);

    const second = await startInChild(dataDir);
    try {
      expect(second.initialised).toBe(false);
      expect(second.url).toBe(first.url.replace(`:${first.port}/`, `:${second.port}/`));
      expect(await queryOnce<{ note: string }>(second.url, 'SELECT note FROM kept')).toEqual([
        { note: 'survives restarts' },
      ]);
      const wrong = new Client({ connectionString: second.url.replace(/:[^:@]+@/, ':postgres@') });
      await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
      await wrong.end().catch(() => undefined);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
