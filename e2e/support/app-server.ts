import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '../..');
const webApps = ['shell', 'mfe-inbox', 'mfe-admin', 'mfe-settings'];

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export interface RunningApp {
  url: string;
  /** The app's working directory (data and web copy): pass it to startApp again to restart on the same data. */
  workDir: string;
  dataDir: string;
  webRoot: string;
  process: ChildProcess;
  /** What the app printed (the last 20,000 characters). */
  output(): string;
  stop(): Promise<void>;
  /** Ends the app with SIGKILL, as a crash would, and keeps its working directory. */
  kill(): Promise<void>;
}

/**
 * Starts the built product (node apps/api/dist/main.js) on a free port with its own data dir and a
 * private copy of the built web apps (so a test may remove a remote's files), and waits for health.
 */
export async function startApp(
  extraEnv: Record<string, string> = {},
  options: { workDir?: string } = {},
): Promise<RunningApp> {
  const work = options.workDir ?? mkdtempSync(join(tmpdir(), 'teaminbox-e2e-'));
  // As root, the embedded PostgreSQL runs as the 'postgres' user, which must be able to reach DATA_DIR.
  chmodSync(work, 0o755);
  const dataDir = join(work, 'data');
  const webRoot = join(work, 'web');
  if (!options.workDir) {
    for (const app of webApps) {
      const dist = join(repoRoot, 'apps', app, 'dist');
      if (!existsSync(dist)) throw new Error(`${dist} is missing: run npm run build first`);
      cpSync(dist, join(webRoot, 'apps', app, 'dist'), { recursive: true });
    }
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/main.js')], {
    cwd: work,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      PUBLIC_URL: url,
      // Every browser test signs in from 127.0.0.1: keep the per-IP limit out of their way.
      RATE_LIMIT_PER_IP: '10000',
      RATE_LIMIT_PER_ADDRESS: '1000',
      // Sends go at once unless a test chooses the person's undo window (the product's default is 10 s).
      UNDO_SEND_DEFAULT_SECONDS: '0',
      // Every app of the run sends its mail to the run's sink (sign-ups prove their address through a login link).
      ...(process.env.E2E_SMTP_URL
        ? { SMTP_URL: process.env.E2E_SMTP_URL, MAIL_FROM: 'Team Inbox <no-reply@teaminbox.test>' }
        : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-500_000);
    if (process.env.E2E_APP_LOG) process.stdout.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} while starting:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the app did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    workDir: work,
    dataDir,
    webRoot,
    process: child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
}
