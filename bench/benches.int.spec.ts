/**
 * Every benchmark once on a tiny input, as the `bench:*` scripts run it (a child process compiling TypeScript with
 * swc), on one embedded PostgreSQL for them all: it must complete and print its results. Nothing about speed is
 * asserted; a change that breaks a bench fails here rather than at the next measurement.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from '@jest/globals';

const ROOT = join(__dirname, '..');
const SWC_REGISTER = join(ROOT, 'apps/api/test/support/swc-register.js');
/** Per bench (tiny, they take seconds); the whole run should stay under two minutes. */
const TIMEOUT_MS = 90_000;

interface Bench {
  file: string;
  /** Tiny sizes (the benches read their sizes from the environment). */
  env: Record<string, string>;
  /** What its results look like. */
  prints: RegExp;
}

const BENCHES: Bench[] = [
  {
    file: 'rules/matching.bench.ts',
    env: { BENCH_EMAILS: '50', BENCH_ROUNDS: '1', BENCH_COSTLY_EMAILS: '2', BENCH_COSTLY_KIB: '64' },
    prints: /worker processes on budget: batch \d+ ms/,
  },
  { file: 'audit/as-of.bench.ts', env: { BENCH_EVENTS: '50', BENCH_RUNS: '2' }, prints: /as-of p95 [\d.]+ ms/ },
  {
    file: 'audit/erasure.bench.ts',
    env: { BENCH_ERASURE_LOG: '200', BENCH_ERASURE_EMAILS: '5', BENCH_RUNS: '1' },
    prints: /erasure of \d+ emails: \d+ ms on a \d+-event log/,
  },
  {
    file: 'audit/export.bench.ts',
    env: { BENCH_AUDIT_EVENTS: '200', BENCH_RUNS: '1' },
    prints: /\| CSV over HTTP \| \d+ \|/,
  },
  {
    file: 'event-store/event-store.bench.ts',
    env: { BENCH_APPENDS: '200', BENCH_EVENTS: '500' },
    prints: /rebuild of 'inbox-email' from zero: 500 events/,
  },
  {
    file: 'fan-out/fan-out.bench.ts',
    env: { BENCH_CLIENTS: '5', BENCH_MEMBERS: '3', BENCH_EMAILS: '2', BENCH_FROM_SOURCE: '1' },
    prints: /\| Replicas \| Deliveries[^]*\| 1 \|/,
  },
  {
    file: 'inbox-queries/inbox-queries.bench.ts',
    env: { BENCH_EMAILS: '300', BENCH_RUNS: '1', BENCH_WRITERS: '2' },
    prints: /folder=inbox\s+p50[^]*view=conversations folder=inbox\s+p50[^]*worst conversation list p95/,
  },
  {
    file: 'ingestion/encryption.bench.ts',
    env: { BENCH_MESSAGES: '20' },
    prints: /team P2 \(plain\): first sync of 20 messages/,
  },
  {
    file: 'ingestion/ingestion.bench.ts',
    env: { BENCH_MESSAGES: '20', BENCH_LIVE: '2' },
    prints: /live: 2 of 2 events received/,
  },
  {
    file: 'ingestion/rules.bench.ts',
    env: { BENCH_MESSAGES: '20', BENCH_RULES: '5', BENCH_LIVE: '2' },
    prints: /first sync throughput with 5 rules \/ without rules/,
  },
  {
    file: 'notifications/notifications.bench.ts',
    env: { BENCH_MEMBERS: '3', BENCH_EMAILS: '5', BENCH_WARM_UP: '1' },
    prints: /every notification stored and pushed: yes/,
  },
  {
    file: 'sign-in/sign-in.bench.ts',
    env: { BENCH_USERS: '2', BENCH_MESSAGES: '20', BENCH_SIGN_INS: '2' },
    prints: /1 at once:\s+p50/,
  },
];

function runBench(bench: Bench, databaseUrl: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', SWC_REGISTER, join(__dirname, bench.file)],
      {
        cwd: ROOT,
        env: { ...process.env, ...bench.env, DATABASE_URL: databaseUrl },
        timeout: TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/**
 * The embedded PostgreSQL in a child process (jest's module runtime cannot load the ESM-only package); answers the
 * URL of a database on it, and the child, which stops the server when its stdin closes.
 */
async function startPostgres(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['-r', SWC_REGISTER, join(ROOT, 'apps/api/test/support/embedded-postgres-child.ts'), dataDir],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the embedded PostgreSQL child exited with ${code}`))),
  );
  // Its exit at the end of the run is expected: only an exit before the first line fails the start.
  exited.catch(() => undefined);
  const firstLine = new Promise<string>((resolve) =>
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(line)),
  );
  const { url } = JSON.parse(await Promise.race([firstLine, exited])) as { url: string };
  return { url, child };
}

/** Runs at most `slots` of the given jobs at once. */
function limiter(slots: number): <T>(job: () => Promise<T>) => Promise<T> {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async (job) => {
    if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    else free -= 1;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

describe('benchmarks on a tiny input', () => {
  // Two at a time (the machine has two cores; a tiny bench mostly waits), on one server started by the first.
  const inTurn = limiter(2);
  let dataDir: string | undefined;
  let postgres: Promise<{ url: string; child: ChildProcess }> | undefined;
  const database = () =>
    (postgres ??= mkdtemp(join(tmpdir(), 'teaminbox-bench-smoke-')).then((dir) => {
      dataDir = dir;
      return startPostgres(dir);
    }));

  afterAll(async () => {
    const child = await postgres?.then(
      (started) => started.child,
      () => undefined,
    );
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin?.end();
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it.concurrent.each(BENCHES.map((bench) => [bench.file, bench] as const))(
    '%s completes and prints its results',
    async (_file, bench) => {
      const { url } = await database();
      const { code, output } = await inTurn(() => runBench(bench, url));
      if (code !== 0) throw new Error(`${bench.file} exited with ${code}:\n${output.slice(-4000)}`);
      expect(output).toMatch(bench.prints);
    },
    // Waiting for a turn counts too: every bench of the run may come first.
    BENCHES.length * TIMEOUT_MS,
  );
});
