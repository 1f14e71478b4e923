/**
 * Sign-in benchmark: how long POST /api/auth/signin takes alone, and while the same process runs a first sync.
 *
 *   node -r ./apps/api/test/support/swc-register.js bench/sign-in/sign-in.bench.ts
 *
 * Starts its own Dovecot and embedded PostgreSQL (or uses DATABASE_URL) and the real application on a free port.
 * Registers BENCH_USERS (default 20) accounts, fills INBOX with BENCH_MESSAGES (default 5000) messages of ~5 KB,
 * then measures BENCH_SIGN_INS (default 60) sign-ins twice: alone, and during the first sync of that mailbox.
 * Each round is half one after another (a person signing in) and half a burst of concurrent ones (a crowd, or an
 * attacker: the bounded hashing queue is what keeps the rest of the process going then). Prints p50, p95 and max
 * side by side, and how far the sync got during the second round.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import type { ImapFlow } from 'imapflow';
import { startDovecot } from '../../apps/api/test/mail/dovecot';
import { PASSWORD_HASH_OPTIONS } from '../../apps/api/src/modules/identity/password-hasher';
import { benchMailboxConfig, percentile } from '../support/bench-mail';
import { startBenchApp, type BenchApp } from '../support/bench-app';
import { settled } from '../support/settled';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5000);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 60);
const PASSWORD = 'correct horse battery staple';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function message(i: number): string {
  const body = Array.from({ length: 40 }, (_, line) => `Line ${line} of message ${i}: where is my parcel, please?`);
  return [
    `From: Customer ${i} <customer${i}@example.com>`,
    'To: support@example.test',
    `Subject: Order #${100000 + i}`,
    `Message-ID: <${randomUUID()}@example.com>`,
    `Date: ${new Date(Date.UTC(2026, 0, 1) + i * 60_000).toUTCString()}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    `<html><body>${body.map((line) => `<p>${line}</p>`).join('\n')}</body></html>`,
    '',
  ].join('\r\n');
}

async function fill(connect: () => Promise<ImapFlow>, count: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      const client = await connect();
      try {
        for (let i = next++; i < count; i = next++) await client.append('INBOX', message(i), ['\\Seen']);
      } finally {
        await client.logout();
      }
    }),
  );
}

interface Round {
  /** One after another: what one person signing in waits. */
  single: number[];
  /** All at once: a crowd or an attacker, queued by the bounded hashing. */
  burst: number[];
}

/** Sign-ins of the bench's users: half one after another, half all at once. Milliseconds each. */
async function signIns(bench: BenchApp, emails: string[]): Promise<Round> {
  const once = async (email: string) => {
    const started = performance.now();
    const res = await fetch(`${bench.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    return performance.now() - started;
  };
  const single: number[] = [];
  const half = Math.floor(SIGN_INS / 2);
  for (let i = 0; i < half; i++) single.push(await once(emails[i % emails.length]));
  const burst = await Promise.all(Array.from({ length: SIGN_INS - half }, (_, i) => once(emails[i % emails.length])));
  const sorted = (times: number[]) => [...times].sort((a, b) => a - b);
  return { single: sorted(single), burst: sorted(burst) };
}

const summary = (times: number[]) => {
  const ms = (value: number) => `${Math.round(value)} ms`;
  return { p50: ms(percentile(times, 50)), p95: ms(percentile(times, 95)), max: ms(times[times.length - 1]) };
};

async function main(): Promise<void> {
  console.log(
    `machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}; load average ${load()}`,
  );
  const options = PASSWORD_HASH_OPTIONS;
  console.log(`argon2id m=${options.memoryCost} KiB t=${options.timeCost} p=${options.parallelism}`);
  const dovecot = await startDovecot();
  const bench = await startBenchApp('sign-in');
  try {
    const emails = Array.from({ length: USERS }, (_, i) => `signin-${i}@example.com`);
    for (const email of emails) await bench.call('/api/register', 'POST', { email, password: PASSWORD });
    let started = performance.now();
    await fill(dovecot.client, MESSAGES);
    console.log(`filled INBOX with ${MESSAGES} messages in ${Math.round(performance.now() - started)} ms`);

    await settled(bench.app, bench.db);
    console.log(`load average before the rounds: ${load()}`);
    const alone = await signIns(bench, emails);

    const count = async () =>
      (await bench.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inbox_email')).rows[0].n;
    await bench.call('/api/email-server-config', 'POST', benchMailboxConfig(dovecot), bench.token);
    started = performance.now();
    // Let the sync get going (first batches parsed and written) before measuring.
    while ((await count()) < Math.min(500, MESSAGES / 10)) await new Promise((r) => setTimeout(r, 50));
    const before = await count();
    const during = await signIns(bench, emails);
    const after = await count();
    while ((await count()) < MESSAGES) await new Promise((r) => setTimeout(r, 200));
    const syncMs = performance.now() - started;

    console.log(`load average after the rounds: ${load()}`);
    console.log(
      `first sync: ${MESSAGES} messages in ${Math.round(syncMs)} ms; ${after - before} were stored during the second round`,
    );
    console.log('sign-in (POST /api/auth/signin)   alone         during a first sync');
    for (const [what, kind] of [
      ['one after another', 'single'],
      [`${SIGN_INS - Math.floor(SIGN_INS / 2)} at once`, 'burst'],
    ] as const) {
      console.log(`${what}:`);
      const a = summary(alone[kind]);
      const d = summary(during[kind]);
      for (const key of ['p50', 'p95', 'max'] as const) {
        console.log(`  ${key.padEnd(32)} ${a[key].padEnd(13)} ${d[key]}`);
      }
    }
    if (after >= MESSAGES) console.log('warning: the sync ended before the second round did; raise BENCH_MESSAGES');
  } finally {
    await bench.close();
    await dovecot.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
