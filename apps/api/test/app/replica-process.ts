import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { linkIn, type SmtpSink } from '../support/smtp-sink';
import { apiRequester, type RequestOptions, type TestApp } from './test-app';

/**
 * The API as a process of its own, started with the product's entry: `src/main.ts` through the TypeScript require
 * hook (tests, nothing built needed) or the built `dist/main.js` (benchmarks). Several of them on one DATABASE_URL
 * are replicas.
 */
const apiRoot = resolve(__dirname, '../..');

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Replica {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** As much of TestApp as the identity fixtures use. */
  client: TestApp;
  request<T = unknown>(path: string, options?: RequestOptions): Promise<{ status: number; body: T }>;
  kill(): Promise<void>;
}

export async function startReplica(
  name: string,
  port: number,
  env: Record<string, string>,
  /** sink: the SMTP sink of SMTP_URL; with it signUp proves each address by a login link (else they stay unproven). */
  options: { built?: boolean; sink?: SmtpSink } = {},
): Promise<Replica> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const entry = options.built
    ? [join(apiRoot, 'dist/main.js')]
    : [
        '-r',
        join(apiRoot, 'test/support/swc-register.js'),
        '-r',
        join(apiRoot, 'test/support/contracts-from-source.js'),
        join(apiRoot, 'src/main.ts'),
      ];
  const child = spawn(process.execPath, entry, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2_000_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));

  const request = apiRequester(baseUrl);
  let counter = 0;
  const signUp = async (prefix = 'user', { proven = true }: { proven?: boolean } = {}) => {
    const email = `${prefix}.${name}.${Date.now().toString(36)}.${counter++}@example.com`;
    const password = 'correct horse battery';
    await request('/api/register', { method: 'POST', body: { email, password } });
    if (proven && options.sink) {
      // As the owner does: a login link mailed to the address, used; then the same password set again.
      const sink = options.sink;
      const before = sink.messages.length;
      await request('/api/sendLoginLink', { method: 'POST', body: { email } });
      const mail = await sink.waitFor(email, (m) => sink.messages.indexOf(m) >= before);
      const token = linkIn(mail, env.PUBLIC_URL, '/loginLink/').split('/loginLink/')[1];
      let link: { status: number; body: { token: string } };
      for (let attempt = 1; ; attempt++) {
        link = await request<{ token: string }>(`/api/auth/loginLinkSignin/${token}`);
        if (link.status !== 425 || attempt >= 40) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      if (link.status !== 200) throw new Error(`login link refused: ${link.status}`);
      await request('/api/me/password', { method: 'PUT', token: link.body.token, body: { newPassword: password } });
    }
    const signedIn = await request<{ message: string }>('/api/auth/signin', {
      method: 'POST',
      body: { email, password },
    });
    return { token: signedIn.body.message, email, password };
  };
  const client = { baseUrl, request, signUp, config: { publicUrl: env.PUBLIC_URL } } as unknown as TestApp;
  return {
    name,
    baseUrl,
    child,
    output: () => output,
    client,
    request,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function healthy(replica: Replica): Promise<void> {
  await until(
    async () => {
      if (replica.child.exitCode !== null) throw new Error(`${replica.name} exited:\n${replica.output()}`);
      return fetch(`${replica.baseUrl}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
    },
    Boolean,
    90_000,
  );
}

export async function stopReplica(replica: Replica | undefined): Promise<void> {
  if (!replica || replica.child.exitCode !== null || replica.child.signalCode !== null) return;
  const exited = new Promise((ok) => replica.child.once('exit', ok));
  replica.child.kill('SIGTERM');
  const timer = setTimeout(() => replica.child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}
