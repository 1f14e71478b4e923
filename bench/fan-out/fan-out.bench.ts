/**
 * Fan-out benchmark: 1,000 socket.io clients of one team, spread over the API replicas, each receiving every new email.
 *
 *   npm run bench:fan-out
 *
 * Runs twice in one run, each on its own database: 2 replicas (the built product, `apps/api/dist/main.js`, two
 * processes on one PostgreSQL; the sources with BENCH_FROM_SOURCE=1) and 1 replica. The clients (two processes of their own, as browsers are) connect round
 * robin to the replicas with the tokens of the team's members. Emails arrive one at a time by live APPEND to a real
 * Dovecot (the mailbox watched with IDLE by the replica that holds its lease). The latency of each delivery is from
 * the email's EmailReceived event (`recorded_at`, its transaction's start, so a little before its commit) to the
 * client's `team.emails.created`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort, healthy, type Replica, startReplica, stopReplica } from '../../apps/api/test/app/replica-process';
import { startDovecot } from '../../apps/api/test/mail/dovecot';
import { startEmbeddedPostgres } from '../../apps/api/src/platform/database/embedded-postgres';
import { linkIn, startSmtpSink } from '../../apps/api/test/support/smtp-sink';
import { benchMailboxConfig, rawMessage } from '../support/bench-mail';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 20);
/** BENCH_FROM_SOURCE=1: the replicas run the TypeScript sources (as the tests do) instead of the build. */
const BUILT = process.env.BENCH_FROM_SOURCE !== '1';
const CLIENT_PROCESSES = 2;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

interface Result {
  replicas: number;
  expected: number;
  delivered: number;
  duplicates: number;
  latencies: number[];
  perReplica: number[];
}

function ask<T>(child: ChildProcess, type: string, message?: object): Promise<T> {
  return new Promise<T>((resolve) => {
    const listener = (answer: { type: string }) => {
      if (answer.type !== type) return;
      child.off('message', listener);
      resolve(answer as T);
    };
    child.on('message', listener);
    child.send(message ?? { type });
  });
}

async function run(replicaCount: number, adminUrl: string): Promise<Result> {
  const work = await mkdtemp(join(tmpdir(), 'teaminbox-fan-out-'));
  chmodSync(work, 0o755);
  const dbName = `bench_fan_out_${replicaCount}_${Date.now()}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const db = new Client({ connectionString: dbUrl.toString() });
  const sink = await startSmtpSink();
  const dovecot = await startDovecot();
  const replicas: Replica[] = [];
  const clients: ChildProcess[] = [];
  try {
    const ports = [];
    for (let i = 0; i < replicaCount; i++) ports.push(await freePort());
    const env = {
      DATABASE_URL: dbUrl.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
      SMTP_URL: sink.url,
      MAIL_FROM: 'Team Inbox <no-reply@localhost>',
      PUBLIC_URL: 'http://localhost',
      ALLOW_PRIVATE_MAIL_HOSTS: 'true',
      WEB_ROOT: work,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_ADDRESS: '1000',
    };
    for (const [i, port] of ports.entries()) {
      replicas.push(
        await startReplica(`r${i}`, port, { ...env, DATA_DIR: join(work, `r${i}`) }, { built: BUILT, sink }),
      );
      await healthy(replicas[i]);
    }
    await db.connect();
    const [first] = replicas;
    const call = async <T>(path: string, method = 'GET', body?: unknown, token?: string): Promise<T> => {
      const res = await first.request<T>(path, { method, body, token });
      if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    };

    // The team: an admin (who has confirmed the address, as inviting requires) and MEMBERS - 1 invited members.
    const { token } = await first.client.signUp('bench');
    await call('/api/team', 'PUT', 'Fan-out team', token);
    const tokens = [token];
    for (let i = 1; i < MEMBERS; i++) {
      const email = `member${i}.${Date.now()}@example.com`;
      await call('/api/invitation', 'PUT', { email }, token);
      const mail = await sink.waitFor(email);
      const invitationId = linkIn(mail, 'http://localhost', '/invitation/').split('/invitation/')[1];
      await call('/api/register', 'POST', { email, password: 'member password', invitationId });
      tokens.push(
        (await call<{ message: string }>('/api/auth/signin', 'POST', { email, password: 'member password' })).message,
      );
    }

    // The clients: round robin over the replicas, with the members' tokens.
    const all = Array.from({ length: CLIENTS }, (_, i) => ({
      url: replicas[i % replicaCount].baseUrl,
      token: tokens[i % tokens.length],
    }));
    const perProcess = Math.ceil(CLIENTS / CLIENT_PROCESSES);
    for (let p = 0; p < CLIENT_PROCESSES; p++) {
      clients.push(
        fork(join(__dirname, 'fan-out-clients.ts'), [], {
          execArgv: ['-r', join(__dirname, '../../apps/api/test/support/swc-register.js')],
        }),
      );
    }
    await Promise.all(
      clients.map((child, p) =>
        ask(child, 'ready', { type: 'connect', clients: all.slice(p * perProcess, (p + 1) * perProcess) }),
      ),
    );

    await call('/api/email-server-config', 'POST', benchMailboxConfig(dovecot), token);
    for (let i = 0; ; i++) {
      const status = await call<{ lastSyncAt: string | null }>('/api/email-server-config', 'GET', undefined, token);
      if (status.lastSyncAt) break;
      if (i > 600) throw new Error('the first sync did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    console.log(`  [${replicaCount} replica(s)] ${CLIENTS} clients connected; load average: ${load()}`);
    const imap = await dovecot.client();
    const received = async () => {
      const counts = await Promise.all(clients.map((child) => ask<{ received: number }>(child, 'count')));
      return counts.reduce((sum, { received: n }) => sum + n, 0);
    };
    for (let i = 0; i < EMAILS; i++) {
      await imap.append('INBOX', rawMessage(i, `Fan-out ${i}`));
      const deadline = Date.now() + 15_000;
      while ((await received()) < CLIENTS * (i + 1) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await imap.logout();

    const reports = await Promise.all(
      clients.map((child) =>
        ask<{ received: { client: number; emailId: string; at: number }[] }>(child, 'report', { type: 'report' }),
      ),
    );
    const { rows } = await db.query<{ stream_id: string; at: Date }>(
      `SELECT stream_id, recorded_at AS at FROM events WHERE type = 'EmailReceived'`,
    );
    const committed = new Map(rows.map((row) => [row.stream_id.slice('email-'.length), row.at.getTime()]));
    const latencies: number[] = [];
    const seen = new Set<string>();
    let duplicates = 0;
    const perReplica = replicas.map(() => 0);
    reports.forEach(({ received: list }, p) => {
      for (const { client, emailId, at } of list) {
        const key = `${p}:${client}:${emailId}`;
        if (seen.has(key)) duplicates++;
        seen.add(key);
        const start = committed.get(emailId);
        if (start !== undefined) latencies.push(at - start);
        perReplica[(p * perProcess + client) % replicaCount]++;
      }
    });
    latencies.sort((x, y) => x - y);
    return {
      replicas: replicaCount,
      expected: CLIENTS * EMAILS,
      delivered: seen.size,
      duplicates,
      latencies,
      perReplica,
    };
  } finally {
    for (const child of clients) if (child.exitCode === null) child.kill();
    for (const replica of replicas) await stopReplica(replica);
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await dovecot.stop();
    await sink.close();
    await rm(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`Fan-out benchmark: ${CLIENTS} clients of one team (${MEMBERS} members), ${EMAILS} emails one at a time`);
  console.log(`  machine: ${cpus().length} × ${cpus()[0]?.model}, load average ${load()}`);
  let adminUrl = process.env.DATABASE_URL;
  let stopServer: (() => Promise<void>) | undefined;
  let pgDir: string | undefined;
  if (!adminUrl) {
    pgDir = await mkdtemp(join(tmpdir(), 'teaminbox-fan-out-pg-'));
    const server = await startEmbeddedPostgres({ dataDir: join(pgDir, 'pg'), database: 'postgres' });
    stopServer = server.stop;
    adminUrl = server.adminUrl;
  }
  try {
    const results = [await run(2, adminUrl), await run(1, adminUrl)];
    console.log('');
    console.log('| Replicas | Deliveries (expected) | Missed | Repeated | p50 / p95 / max | Per replica |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const r of results) {
      const l = r.latencies;
      console.log(
        `| ${r.replicas} | ${r.delivered.toLocaleString('en')} (${r.expected.toLocaleString('en')}) | ${r.expected - r.delivered} | ${r.duplicates} | ${percentile(l, 50)} / ${percentile(l, 95)} / ${l.at(-1)} ms | ${r.perReplica.join(' / ')} |`,
      );
    }
  } finally {
    await stopServer?.();
    if (pgDir) await rm(pgDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
