/**
 * As-of benchmark: one email with BENCH_EVENTS (default 1,000) events on its stream, then GET /api/emails/{id}?asOf=
 * (the email folded from its events up to an instant) side by side with the plain GET /api/emails/{id} (the read
 * model), through HTTP against the real app, interleaved in the same run.
 *
 *   npm run bench:as-of        (BENCH_RUNS requests of each kind, default 300, after 30 of each to warm up)
 *
 * Starts its own embedded PostgreSQL (or uses DATABASE_URL: a scratch database is created and dropped). The events
 * are a member's work on the email: read and unread, assign and unassign, labels added and removed, status and
 * priority changes, comments added and edited, drafts saved; the projections build the read model as in production.
 * The asOf instant is the last event's, so that every event is folded. Target: p95 ≤ 50 ms.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import type { EmailAsOf, EmailDetail, Label } from '@teaminbox/contracts';
import { EVENT_STORE, type EventStore, type NewEvent } from '../../apps/api/src/platform/event-store/event-store.port';
import { startBenchApp } from '../support/bench-app';
import { settled } from '../support/settled';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARMUP = 30;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** The email's events: received, then a member's work cycling through the changes the commands make. */
function workOn(emailId: string, teamId: string, me: string, labels: string[], start: number): NewEvent[] {
  const ids = { emailId, teamId };
  const events: NewEvent[] = [];
  let assigned: string | null = null;
  let status = 'NEW';
  let priority = 'MEDIUM';
  const comments: string[] = [];
  const add = (type: string, data: Record<string, unknown>) => {
    const n = events.length;
    events.push({
      eventId: randomUUID(),
      type,
      data: { ...ids, ...data },
      metadata: {
        actorUserId: n === 0 ? null : me,
        actorKind: n === 0 ? 'system' : 'user',
        teamId,
        correlationId: randomUUID(),
        causationId: null,
        occurredAt: new Date(start + n * 1000).toISOString(),
      },
    });
  };
  add('EmailReceived', {
    messageId: `<${emailId}@bench.example>`,
    subject: 'A long conversation',
    fromName: 'Customer',
    fromEmail: 'customer@example.com',
    to: ['support@example.test'],
    cc: [],
    text: 'Hello, '.repeat(200),
    html: null,
    receivedAt: new Date(start).toISOString(),
    priority,
    status,
  });
  const statuses = ['IN_PROGRESS', 'RESOLVED', 'NEW', 'CLOSED'];
  const priorities = ['HIGH', 'LOW', 'MEDIUM'];
  for (let i = 1; events.length < EVENTS; i++) {
    const at = new Date(start + events.length * 1000).toISOString();
    switch (i % 10) {
      case 0:
        add('EmailMarkedRead', { userId: me, readAt: at });
        break;
      case 1:
        add('EmailMarkedUnread', { userId: me });
        break;
      case 2:
        if (assigned) {
          add('EmailUnassigned', { previousAssignee: assigned });
          assigned = null;
        } else {
          add('EmailAssigned', { assignedTo: me, assignedToName: null, previousAssignee: null });
          assigned = me;
        }
        break;
      case 3:
        add('EmailLabelAdded', { labelId: labels[i % labels.length], labelName: 'x' });
        break;
      case 4:
        add('EmailLabelRemoved', { labelId: labels[(i - 1) % labels.length], labelName: 'x' });
        break;
      case 5: {
        const next = statuses[((i / 10) % statuses.length) | 0];
        if (next !== status) add('EmailStatusChanged', { status: next, previousStatus: status });
        status = next;
        break;
      }
      case 6: {
        const next = priorities[((i / 10) % priorities.length) | 0];
        if (next !== priority) add('EmailPriorityChanged', { priority: next, previousPriority: priority });
        priority = next;
        break;
      }
      case 7: {
        const commentId = randomUUID();
        comments.push(commentId);
        add('CommentAdded', { commentId, userId: me, message: `Comment ${i}`, mentions: [] });
        break;
      }
      case 8:
        if (comments.length > 0) {
          add('CommentEdited', { commentId: comments[comments.length - 1], message: `Edited ${i}`, mentions: [] });
        }
        break;
      default:
        add('ReplyDraftSaved', {
          draftId: randomUUID(),
          userId: me,
          to: ['customer@example.com'],
          cc: [],
          bcc: [],
          subject: 'Re: A long conversation',
          body: `Draft ${i}`,
          htmlBody: null,
          isReplyToAll: false,
        });
    }
  }
  return events;
}

async function main(): Promise<void> {
  console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}`);
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const bench = await startBenchApp('as-of');
  const { app, token, call } = bench;
  try {
    const me = await call<{ id: string; teamId: string }>('/api/loggedInUser', 'GET', undefined, token);
    const labels = (await call<Label[]>('/api/email-labels/initialize', 'POST', undefined, token)).map((l) => l.id);
    const emailId = randomUUID();
    const events = workOn(emailId, me.teamId, me.id, labels, Date.now() - EVENTS * 1000 - 60_000);
    const store = app.get<EventStore>(EVENT_STORE);
    for (let from = 0; from < events.length; from += 100) {
      await store.appendToStream(`email-${emailId}`, events.slice(from, from + 100), from === 0 ? 'no_stream' : from);
    }
    const last = events[events.length - 1].metadata.occurredAt;
    console.log(`appended ${events.length} events on email-${emailId}; last at ${last}`);

    // The read model has the email once the projection caught up with the last event.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const asOf = await call<EmailAsOf>(
        `/api/emails/${emailId}?asOf=${encodeURIComponent(last)}`,
        'GET',
        undefined,
        token,
      )
        .then((email) => email)
        .catch(() => null);
      const plain = await call<EmailDetail>(`/api/emails/${emailId}`, 'GET', undefined, token).catch(() => null);
      if (asOf && plain && asOf.version === events.length && asOf.status === plain.status && asOf.read === plain.read)
        break;
      if (Date.now() > deadline) throw new Error('the email did not reach the read model in 120 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // Nothing is timed while another subscriber (search, audit, activity) still works on what was appended.
    console.log(`every subscriber at the head ${Math.round(await settled(app, bench.db))} ms later`);

    const timed = async (path: string) => {
      const t0 = performance.now();
      await call(path, 'GET', undefined, token);
      return performance.now() - t0;
    };
    const plainPath = `/api/emails/${emailId}`;
    const asOfPath = `${plainPath}?asOf=${encodeURIComponent(last)}`;
    for (let i = 0; i < WARMUP; i++) {
      await timed(plainPath);
      await timed(asOfPath);
    }
    const plain: number[] = [];
    const asOf: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Interleaved, in alternating order, so that both see the same machine.
      if (i % 2 === 0) {
        plain.push(await timed(plainPath));
        asOf.push(await timed(asOfPath));
      } else {
        asOf.push(await timed(asOfPath));
        plain.push(await timed(plainPath));
      }
    }
    const row = (name: string, values: number[]) =>
      `${name.padEnd(48)} p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(values, 95)
        .toFixed(1)
        .padStart(6)} ms   max ${Math.max(...values)
        .toFixed(1)
        .padStart(6)} ms`;
    console.log(`\n${RUNS} requests each, ${events.length} events on the email's stream:`);
    console.log(row('GET /api/emails/{id}', plain));
    console.log(row(`GET /api/emails/{id}?asOf= (${events.length} events folded)`, asOf));
    const p95 = percentile(asOf, 95);
    console.log(`\nas-of p95 ${p95.toFixed(1)} ms: ${p95 <= 50 ? 'within' : 'OVER'} the 50 ms target`);
    console.log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await bench.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
