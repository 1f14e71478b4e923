/**
 * Erasure benchmark: how long an erasure takes as the log grows, and what it costs another team meanwhile.
 *
 *   npm run bench:erasure     (BENCH_ERASURE_LOG events in the log at the end, default 100,000;
 *                              BENCH_ERASURE_EMAILS emails of each erased person, default 500; BENCH_RUNS erasures per
 *                              log size, default 3)
 *
 * Against the real application (its own embedded PostgreSQL). The bench team receives mail from 1,000 other senders
 * (EmailReceived, sealed, projected by every projection as ingestion's would be) and from each person it erases.
 * Phase 1, a small log (~BENCH_ERASURE_LOG / 100 events): BENCH_RUNS people are erased one after the other (the
 * baseline). Phase 2: the log is filled up to BENCH_ERASURE_LOG events and BENCH_RUNS more people with the same
 * number of emails are erased. Figures: the median time of an erasure (POST until its answer: keys deleted and every
 * read model written again), large log over small log (an erasure that scanned the log would grow with it); and,
 * while each erasure runs, a second team archives an email and lists it: the time from the archive call to the list
 * that shows it, against the same probe with no erasure running. Before each phase the projections and the background
 * jobs (notifications of the mail received) are waited for, so the erasure does not share the machine with them.
 */
import { emailReceived } from '../../apps/api/test/notifications/receive-email';
import { EVENT_STORE, type EventStore } from '../../apps/api/src/platform/event-store/event-store.port';
import { startBenchApp, type BenchApp } from '../support/bench-app';
import { settled } from '../support/settled';

const LOG = Number(process.env.BENCH_ERASURE_LOG ?? 100_000);
const PER_PERSON = Number(process.env.BENCH_ERASURE_EMAILS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OTHER_SENDERS = 1000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Appends `count` emails (each its own stream, 100 at a time), from `senderOf(n)`, then waits for every projection. */
async function receive(bench: BenchApp, teamId: string, count: number, senderOf: (n: number) => string) {
  const store = bench.app.get<EventStore>(EVENT_STORE);
  const ids: string[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, i) =>
      emailReceived(teamId, {
        subject: `Order ${start + i} is late`,
        fromName: `Customer ${senderOf(start + i).split('@')[0]}`,
        fromEmail: senderOf(start + i),
        text: `Hello, where is my order ${start + i}? It was due last week. Regards, ${senderOf(start + i)}`,
      }),
    );
    await Promise.all(batch.map(({ streamId, event }) => store.appendToStream(streamId, [event], 'no_stream')));
    ids.push(...batch.map((email) => email.emailId));
  }
  await settled(bench.app, bench.db);
  return ids;
}

async function main(): Promise<void> {
  const bench = await startBenchApp('erasure', 10_000, { erasuresPerTeamPerHour: 1000 });
  try {
    const me = await bench.call<{ id: string; teamId: string }>('/api/loggedInUser', 'GET', undefined, bench.token);
    // In-app notifications only: a notification email per received mail would keep the job queue busy for minutes.
    const settings = await bench.call<Record<string, unknown>>(
      '/api/notification-settings',
      'GET',
      undefined,
      bench.token,
    );
    await bench.call(
      '/api/notification-settings',
      'PUT',
      { ...settings, emailNotificationsEnabled: false },
      bench.token,
    );
    const other = { email: 'other-team@example.com', password: 'correct horse battery' };
    await bench.call('/api/register', 'POST', other);
    const otherToken = (await bench.call<{ message: string }>('/api/auth/signin', 'POST', other)).message;
    await bench.call('/api/team', 'PUT', 'Other team', otherToken);
    const otherTeam = await bench.call<{ teamId: string }>('/api/loggedInUser', 'GET', undefined, otherToken);
    const otherEmails = await receive(bench, otherTeam.teamId, 4 * RUNS + 4, () => 'someone@example.net');
    let probes = 0;
    /** The other team archives an email and lists its archive until it shows there: ms. */
    const probe = async () => {
      const emailId = otherEmails[probes++];
      const t0 = performance.now();
      await bench.call(`/api/emails/${emailId}/archive`, 'PUT', undefined, otherToken);
      for (;;) {
        const page = await bench.call<{ content: { id: string }[] }>(
          '/api/emails?folder=archived&size=100',
          'GET',
          undefined,
          otherToken,
        );
        if (page.content.some((email) => email.id === emailId)) return performance.now() - t0;
      }
    };
    const logSize = async () =>
      Number((await bench.db.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0].n);

    const phase = async (name: string, people: string[]) => {
      // Both phases start from fresh statistics, with no autovacuum of the tables just filled running meanwhile.
      await bench.db.query('VACUUM ANALYZE');
      const durations: number[] = [];
      const during: number[] = [];
      const idle: number[] = [];
      for (const person of people) {
        idle.push(await probe());
        const t0 = performance.now();
        const erasure = bench.call<{ finished: boolean }>(
          '/api/team/audit/erasures',
          'POST',
          { email: person },
          bench.token,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        during.push(await probe());
        const answer = await erasure;
        durations.push(performance.now() - t0);
        if (!answer.finished) throw new Error(`the erasure of ${person} did not finish within the call`);
      }
      const events = await logSize();
      console.log(
        `${name}: log ${events} events, erasure of ${PER_PERSON} emails median ${median(durations).toFixed(0)} ms ` +
          `(${durations.map((d) => d.toFixed(0)).join(', ')}); other team's archive listed in ` +
          `${median(during).toFixed(0)} ms during (max ${Math.max(...during).toFixed(0)}), ` +
          `${median(idle).toFixed(0)} ms idle`,
      );
      return {
        events,
        erasure: median(durations),
        during: median(during),
        duringMax: Math.max(...during),
        idle: median(idle),
      };
    };

    const people = (phaseName: string) =>
      Array.from({ length: RUNS }, (_, i) => `${phaseName}.person.${i}@example.org`);
    const others = (n: number) => `customer.${n % OTHER_SENDERS}@example.com`;

    // Phase 1: a small log.
    const small = people('small');
    const t1 = Date.now();
    await receive(bench, me.teamId, Math.max(0, Math.round(LOG / 100) - PER_PERSON * RUNS), others);
    for (const person of small) await receive(bench, me.teamId, PER_PERSON, () => person);
    console.log(`small log written in ${Date.now() - t1} ms`);
    const baseline = await phase('small log', small);

    // Phase 2: the log filled up to LOG events.
    const large = people('large');
    const t2 = Date.now();
    // Each email appends more than its own event (the rules engine's, notifications): fill by what the log holds.
    const reserve = PER_PERSON * RUNS * 2;
    for (let done = 0, size = await logSize(); size < LOG - reserve; size = await logSize()) {
      const chunk = Math.max(100, Math.min(10_000, Math.ceil((LOG - reserve - size) / 2)));
      await receive(bench, me.teamId, chunk, (n) => others(done + n));
      done += chunk;
      console.log(`  ${size + chunk * 2} events or so (${Date.now() - t2} ms)`);
    }
    for (const person of large) await receive(bench, me.teamId, PER_PERSON, () => person);
    console.log(`large log written in ${Date.now() - t2} ms`);
    const statements = !!process.env.BENCH_PG_STATEMENTS;
    if (statements) {
      await bench.db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await bench.db.query('SELECT pg_stat_statements_reset()');
    }
    const measured = await phase('large log', large);
    if (statements) {
      const top = await bench.db.query<{ ms: number; calls: string; query: string }>(
        `SELECT round(total_exec_time)::int AS ms, calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
           FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 12`,
      );
      for (const row of top.rows)
        console.log(`${String(row.ms).padStart(7)} ms ${row.calls.padStart(7)}x ${row.query}`);
    }

    console.log(
      `\nerasure of ${PER_PERSON} emails: ${measured.erasure.toFixed(0)} ms on a ${measured.events}-event log, ` +
        `${baseline.erasure.toFixed(0)} ms on a ${baseline.events}-event log: ratio ${(measured.erasure / baseline.erasure).toFixed(2)}`,
    );
    console.log(
      `other team's archive listed during an erasure: ${measured.during.toFixed(0)} ms (max ${measured.duringMax.toFixed(0)}), ` +
        `idle ${measured.idle.toFixed(0)} ms: ratio ${(measured.during / measured.idle).toFixed(2)}`,
    );
  } finally {
    await bench.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
