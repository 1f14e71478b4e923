/**
 * Encryption benchmark: what sealing personal fields (crypto-shredding) costs ingestion, side by side in one run.
 *
 *   node --max-semi-space-size=64 -r ./apps/api/test/support/swc-register.js bench/ingestion/encryption.bench.ts
 *
 * One Dovecot mailbox of BENCH_MESSAGES (default 10000) realistic ~5 KB messages; teams of the same app connect to
 * it one after the other and each syncs it all. Teams E have their `EmailReceived` personal fields sealed, as every
 * team in the product; for teams P this process leaves them in plain text (the bench wraps the personal data
 * registry so that it declares nothing for their events: no key is created, nothing sealed, nothing opened when read).
 * A sync is complete when the team's inbox_email rows hold every message.
 *
 * Order: the mailbox is read once (Dovecot's caches), a warm-up team W (sealed) syncs untimed, then E1, P1, P2, E2
 * (ABBA cancels a drift between early and late syncs). Ratio = (E1 + E2) / (P1 + P2) in time: the cost of encryption
 * is that ratio - 1. BENCH_PLAIN_ALL=1 makes E and P alike (both plain): the ratio then shows the noise.
 */
import { cpus, loadavg } from 'node:os';
import type { CurrentUser } from '@teaminbox/contracts';
import { startDovecot } from '../../apps/api/test/mail/dovecot';
import { PersonalDataRegistry } from '../../apps/api/src/platform/personal-data';
import { startBenchApp } from '../support/bench-app';
import { settled } from '../support/settled';
import { cpuMeter } from '../support/bench-cpu';
import { fill, benchMailboxConfig } from '../support/bench-mail';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10000);
const PLAIN_ALL = process.env.BENCH_PLAIN_ALL === '1';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rate = (count: number, ms: number) => Math.round((count * 1000) / ms);

async function main(): Promise<void> {
  console.log(
    `machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}; load average ${load()}`,
  );
  const dovecot = await startDovecot();
  const bench = await startBenchApp('encryption');
  const { db, call } = bench;
  try {
    // Teams whose events this process leaves unsealed.
    const plainTeams = new Set<string>();
    const registry = bench.app.get(PersonalDataRegistry);
    const groupsOf = registry.groupsOf.bind(registry);
    registry.groupsOf = (type, data) =>
      plainTeams.has((data as { teamId?: string } | null)?.teamId ?? '') ? [] : groupsOf(type, data);

    let t0 = performance.now();
    const avgBytes = await fill(dovecot.client, MESSAGES);
    console.log(
      `filled INBOX with ${MESSAGES} messages of ~${Math.round(avgBytes)} bytes in ${Math.round(performance.now() - t0)} ms`,
    );
    t0 = performance.now();
    const warm = await dovecot.client();
    try {
      await warm.mailboxOpen('INBOX', { readOnly: true });
      let seen = 0;
      for await (const message of warm.fetch('1:*', { uid: true, source: true }, { uid: true })) {
        if (message.source) seen++;
      }
      console.log(`warm-up: fetched ${seen} messages once in ${Math.round(performance.now() - t0)} ms`);
    } finally {
      await warm.logout();
    }
    await settled(bench.app, bench.db);

    const team = async (name: string, sealed: boolean) => {
      let token = bench.token;
      if (name !== 'W') {
        const account = { email: `${name.toLowerCase()}@example.com`, password: 'correct horse battery' };
        await call('/api/register', 'POST', account);
        token = (await call<{ message: string }>('/api/auth/signin', 'POST', account)).message;
        await call('/api/team', 'PUT', `Team ${name}`, token);
      }
      const user = await call<CurrentUser>('/api/loggedInUser', 'GET', undefined, token);
      const teamId = user.teamId!;
      if (!sealed || PLAIN_ALL) plainTeams.add(teamId);
      return { name, token, teamId, sealed: sealed && !PLAIN_ALL };
    };
    const w = await team('W', true);
    const [e1, p1, p2, e2] = [
      await team('E1', true),
      await team('P1', false),
      await team('P2', false),
      await team('E2', true),
    ];

    const sync = async (t: Awaited<ReturnType<typeof team>>) => {
      const name = `team ${t.name} (${t.sealed ? 'sealed' : 'plain'})`;
      console.log(`load average before ${name}'s first sync: ${load()}`);
      const cpu = cpuMeter();
      const started = performance.now();
      await call('/api/email-server-config', 'POST', benchMailboxConfig(dovecot), t.token);
      const deadline = Date.now() + 15 * 60_000;
      for (;;) {
        const { rows } = await db.query<{ emails: number }>(
          'SELECT count(*)::int AS emails FROM inbox_email WHERE team_id = $1',
          [t.teamId],
        );
        if (rows[0].emails >= MESSAGES) break;
        if (Date.now() > deadline) throw new Error(`${name}: sync incomplete after 15 min: ${rows[0].emails}`);
        await sleep(100);
      }
      const ms = performance.now() - started;
      console.log(`  CPU during ${name}'s sync: ${cpu(ms)}`);
      const { rows } = await db.query<{ sealed: number; keys: number }>(
        `SELECT (SELECT count(*)::int FROM events WHERE type = 'EmailReceived' AND data->>'teamId' = $1::text
                    AND metadata ? 'personalDataKeys') AS sealed,
                (SELECT count(*)::int FROM personal_data_key WHERE team_id = $1::uuid) AS keys`,
        [t.teamId],
      );
      console.log(
        `${name}: first sync of ${MESSAGES} messages in ${Math.round(ms)} ms = ${rate(MESSAGES, ms)} messages/s; ${rows[0].sealed} EmailReceived sealed, ${rows[0].keys} subject keys; load average ${load()}`,
      );
      return ms;
    };
    await sync(w);
    const times = { e1: await sync(e1), p1: await sync(p1), p2: await sync(p2), e2: await sync(e2) };
    const ratio = (times.e1 + times.e2) / (times.p1 + times.p2);
    const cost = (ratio - 1) * 100;
    console.log(
      `first sync time sealed / plain = (E1 + E2) / (P1 + P2) = ${ratio.toFixed(3)}: encryption costs ${cost.toFixed(1)} % of first-sync throughput (target <= 15 %: ${cost <= 15 ? 'met' : 'NOT met'}); E1 / P1 = ${(times.e1 / times.p1).toFixed(3)}, E2 / P2 = ${(times.e2 / times.p2).toFixed(3)}`,
    );
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
