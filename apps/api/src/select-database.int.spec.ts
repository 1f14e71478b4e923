import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { queryOnce } from '../test/support/test-database';

const apiRoot = resolve(__dirname, '..');

interface Child {
  process: ChildProcess;
  stderr(): string;
  exited: Promise<number | null>;
  /** The JSON line of a started database, or null when the child exited first. */
  started: Promise<{ url: string } | null>;
}

/** selectDatabase in a child process, as the app runs it (the embedded package cannot load under jest). */
function selectInChild(dataDir: string): Child {
  const child = spawn(
    process.execPath,
    [
      '-r',
      join(apiRoot, 'test/support/swc-register.js'),
      join(apiRoot, 'test/support/select-database-child.ts'),
      dataDir,
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  const started = new Promise<{ url: string } | null>((ok) => {
    createInterface({ input: child.stdout! }).once('line', (line) => ok(JSON.parse(line) as { url: string }));
    void exited.then(() => ok(null));
  });
  return { process: child, stderr: () => stderr, exited, started };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the embedded database of an app', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'teaminbox-select-db-'));
  const postmasterPid = () =>
    Number.parseInt(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0], 10);
  let leftover: number | null = null;
  afterAll(() => {
    if (leftover !== null && isAlive(leftover)) process.kill(leftover, 'SIGINT');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts after the previous app was killed, stopping the server it left behind; refuses while an app runs', async () => {
    const killed = selectInChild(dataDir);
    const first = await killed.started;
    expect(first).not.toBeNull();
    await queryOnce(first!.url, `CREATE TABLE kept (note text); INSERT INTO kept VALUES ('written before the kill')`);
    const orphan = postmasterPid();
    leftover = orphan;
    killed.process.kill('SIGKILL');
    await killed.exited;
    // The server outlives its app, as it does after an out-of-memory kill.
    expect(isAlive(orphan)).toBe(true);

    const next = selectInChild(dataDir);
    const second = await next.started;
    expect(next.stderr()).not.toMatch(/already running/);
    expect(second).not.toBeNull();
    try {
      expect(next.stderr()).toContain(
        `The embedded PostgreSQL (pid ${orphan}) of an app that ended without stopping it`,
      );
      expect(postmasterPid()).not.toBe(orphan);
      leftover = postmasterPid();
      expect(await queryOnce<{ note: string }>(second!.url, 'SELECT note FROM kept')).toEqual([
        { note: 'written before the kill' },
      ]);

      // A second app on the same data while the first still runs is refused, and the running server is untouched.
      const another = selectInChild(dataDir);
      expect(await another.started).toBeNull();
      expect(await another.exited).toBe(1);
      expect(another.stderr()).toMatch(/is already running \(pid \d+\), probably under a started app/);
      expect(await queryOnce<{ n: number }>(second!.url, 'SELECT 1 AS n')).toEqual([{ n: 1 }]);
    } finally {
      next.process.stdin?.end();
      expect(await next.exited).toBe(0);
    }
    expect(existsSync(join(dataDir, 'postgres-owner.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    leftover = null;
  }, 120_000);
});
