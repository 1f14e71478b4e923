/**
 * Inbox query benchmark: a team with BENCH_EMAILS (default 1,000,000) emails in conversations of 1 to 5 messages
 * loaded through events, then GET /api/emails for each folder and filter combination and the search, through HTTP
 * against the real app, in both views: one row per email (the spec's) and one per conversation (view=conversations).
 *
 *   npm run bench:inbox-queries        (BENCH_EMAILS=200000 for a quicker run; BENCH_RUNS per query, default 20)
 *
 * Starts its own embedded PostgreSQL (or uses DATABASE_URL: a scratch database is created and dropped). Emails
 * are appended as EmailReceived events (every 15 emails make threads of 1, 2, 3, 4 and 5: a reply names its thread's
 * first message in In-Reply-To and References), some with EmailAssigned, EmailLabelAdded, EmailMarkedRead, EmailArchived
 * or EmailMarkedSpam on the same stream; the projections build the read model as in production. Prints p50/p95
 * per query, a one-line plan of each list combination's page and the EXPLAIN (ANALYZE, BUFFERS) plans of the main
 * statements.
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { type Email, type Label, MAX_LIST_DEPTH, type Page } from '@teaminbox/contracts';
import { EVENT_STORE, type EventStore, type NewEvent } from '../../apps/api/src/platform/event-store/event-store.port';
import { startBenchApp } from '../support/bench-app';
import { settled } from '../support/settled';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** Concurrent appends: the event store writes appends that arrive together in one transaction (group commit). */
const WRITERS = Number(process.env.BENCH_WRITERS ?? 64);

const WORDS =
  'order parcel delivery invoice refund account password update shipping address warehouse tracking number customer support question thanks please week yesterday status faktura zásilka doručení příloha reklamace objednávka'.split(
    ' ',
  );
const SYLLABLES = 'ka lo mi ne ro sa tu ve zi po da le'.split(' ');
/** A vocabulary of the common words plus ~1,700 made-up ones, so that a word matches a realistic share of emails. */
const word = (n: number) =>
  n % 5 === 0
    ? WORDS[(n >> 3) % WORDS.length]
    : SYLLABLES[n % 12] + SYLLABLES[(n >> 2) % 12] + SYLLABLES[(n >> 5) % 12];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Threads of 1, 2, 3, 4 and 5 messages in every 15 emails: where each starts within its block of 15. */
const THREAD_STARTS = [0, 1, 3, 6, 10];
const benchMessageId = (i: number) => `<bench-${i}@bench.example>`;
/** The index of the first email of email i's thread (i itself for a thread's first message). */
function threadStartOf(i: number): number {
  const block = i - (i % 15);
  const start = THREAD_STARTS.filter((offset) => offset <= i % 15).pop() ?? 0;
  return block + start;
}

function eventsFor(i: number, teamId: string, me: string, others: string[], labels: string[]): NewEvent[] {
  const emailId = randomUUID();
  const first = threadStartOf(i);
  const thread = first === i ? {} : { inReplyTo: benchMessageId(first), references: [benchMessageId(first)] };
  const metadata = {
    actorUserId: null,
    teamId,
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  };
  const ids = { emailId, teamId };
  const body = Array.from({ length: 60 }, (_, k) => word((i * 7919 + k * 104729) % 1_000_003)).join(' ');
  const events: NewEvent[] = [
    {
      eventId: randomUUID(),
      type: 'EmailReceived',
      metadata,
      data: {
        ...ids,
        messageId: benchMessageId(i),
        ...thread,
        subject: `${word(i * 31)} ${word(i * 17 + 3)} #${i}`,
        fromName: `Customer ${i % 20000}`,
        fromEmail: `customer${i % 20000}@example.com`,
        to: ['support@example.test'],
        cc: [],
        text: body,
        html: null,
        receivedAt: new Date(Date.UTC(2024, 0, 1) + i * 30_000).toISOString(),
        priority: (['HIGH', 'MEDIUM', 'LOW'] as const)[i % 3],
        status: (['NEW', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const)[i % 4],
      },
    },
  ];
  const add = (type: string, data: Record<string, unknown>) =>
    events.push({ eventId: randomUUID(), type, metadata, data: { ...ids, ...data } });
  if (i % 10 === 0) add('EmailAssigned', { assignedTo: me, assignedToName: null, previousAssignee: null });
  else if (i % 10 === 1)
    add('EmailAssigned', { assignedTo: others[i % others.length], assignedToName: null, previousAssignee: null });
  if (i % 7 === 0) add('EmailLabelAdded', { labelId: labels[i % labels.length], labelName: 'x' });
  if (i % 3 !== 0) add('EmailMarkedRead', { userId: me, readAt: metadata.occurredAt });
  if (i % 11 === 0) add('EmailArchived', {});
  if (i % 97 === 0) add('EmailMarkedSpam', {});
  return events;
}

const UNREAD = 'read_at IS NULL AND read_by IS NULL';
/** Each folder's condition, as the API writes it. */
const FOLDERS: Record<string, (me: string) => string> = {
  inbox: () => 'NOT is_archived AND NOT is_spam',
  unread: () => `NOT is_archived AND NOT is_spam AND ${UNREAD}`,
  'my-tasks': (me) => `assigned_to = '${me}' AND NOT is_spam`,
  archived: () => 'is_archived AND NOT is_spam',
  spam: () => 'is_spam',
};
/** The columns the API reads for a page (all but the tsvector). */
const COLUMNS = `id, team_id, subject, body_text, body_html, from_name, from_email, "to", cc, received_at, read_at, read_by,
  is_archived, is_spam, priority, status, assigned_to, labels, attachments, message_id`;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

async function main(): Promise<void> {
  console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}`);
  const bench = await startBenchApp('queries', 1_000_000);
  const { app, db, token, call } = bench;

  try {
    const me = await call<{ id: string; teamId: string }>('/api/loggedInUser', 'GET', undefined, token);
    /** A plan in one line: the nodes (with their index), the time and the buffers touched. */
    const planLine = async (sql: string, params: unknown[]) => {
      const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
      const [{ Plan: plan, 'Execution Time': ms }] = (
        rows[0] as { 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] }
      )['QUERY PLAN'];
      const nodes: string[] = [];
      const walk = (node: PlanNode) => {
        nodes.push(node['Index Name'] ? `${node['Node Type']} ${node['Index Name']}` : node['Node Type']);
        node.Plans?.forEach(walk);
      };
      walk(plan);
      const buffers = (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
      return `${ms.toFixed(2).padStart(8)} ms ${String(buffers).padStart(6)} buffers  ${nodes.join(' > ')}`;
    };
    // In-app notifications only: a notification email per loaded email would keep the job queue busy for hours.
    const settings = await call<Record<string, unknown>>('/api/notification-settings', 'GET', undefined, token);
    await call('/api/notification-settings', 'PUT', { ...settings, emailNotificationsEnabled: false }, token);
    const labels = (await call<Label[]>('/api/email-labels/initialize', 'POST', undefined, token)).map((l) => l.id);
    const others = [randomUUID(), randomUUID(), randomUUID()];

    // Load through events.
    const store = app.get<EventStore>(EVENT_STORE);
    let next = 0;
    let t0 = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (;;) {
          const i = next++;
          if (i >= EMAILS) return;
          const events = eventsFor(i, me.teamId, me.id, others, labels);
          await store.appendToStream(`email-${(events[0].data as { emailId: string }).emailId}`, events, 'no_stream');
          if (i % 100_000 === 0 && i > 0) console.log(`  ... ${i} emails appended`);
        }
      }),
    );
    console.log(`appended ${EMAILS} emails as events in ${Math.round(performance.now() - t0)} ms`);
    const appendMs = performance.now() - t0;
    t0 = performance.now();
    let reported = 0;
    for (;;) {
      // The counters say how many emails the projection has written, without counting the rows.
      const { rows } = await db.query<{ n: number }>(
        `SELECT COALESCE(sum(n), 0)::int AS n FROM inbox_email_count WHERE label_id = '00000000-0000-0000-0000-000000000000'`,
      );
      if (rows[0].n >= EMAILS) break;
      if (performance.now() - t0 - reported > 60_000) {
        reported = performance.now() - t0;
        console.log(`  ... read model at ${rows[0].n} emails`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    const catchUpMs = performance.now() - t0;
    console.log(`read model complete ${Math.round(catchUpMs)} ms after the last append`);
    // Every other subscriber (search, audit, activity, rules, notifications) too: nothing is timed while they work.
    console.log(`every subscriber at the head ${Math.round(await settled(app, db))} ms later`);
    console.log(`load: ${Math.round((EMAILS * 1000) / (appendMs + catchUpMs))} emails/s end to end`);
    t0 = performance.now();
    await db.query('VACUUM ANALYZE inbox_email');
    await db.query('VACUUM ANALYZE inbox_email_count');
    await db.query('VACUUM ANALYZE email_thread');
    console.log(`VACUUM ANALYZE ${Math.round(performance.now() - t0)} ms`);

    const time = async (name: string, path: string) => {
      const times: number[] = [];
      let total = 0;
      for (let r = 0; r < RUNS + 2; r++) {
        const started = performance.now();
        const page = await call<Page<Email>>(path, 'GET', undefined, token);
        if (r >= 2) times.push(performance.now() - started); // two warm-up runs
        total = page.totalElements;
      }
      const p95 = percentile(times, 95);
      console.log(
        `${name.padEnd(62)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  (${total} matches)`,
      );
      return p95;
    };

    console.log(`\nGET /api/emails, ${RUNS} runs each (page 0, size 20):`);
    let worstList = 0;
    let worstConversations = 0;
    const pagePlans: string[] = [];
    for (const folder of Object.keys(FOLDERS)) {
      for (const [filterName, filter, condition] of [
        ['', '', 'true'],
        ['assignee=me', '&assignee=me', `assigned_to = '${me.id}'`],
        ['assignee=unassigned', '&assignee=unassigned', 'assigned_to IS NULL'],
        ['assignee=<member>', `&assignee=${others[0]}`, `assigned_to = '${others[0]}'`],
        ['label', `&label=${labels[0]}`, `labels @> ARRAY['${labels[0]}']::uuid[]`],
        ['unread', '&unread=true', UNREAD],
      ]) {
        const name = `folder=${folder} ${filterName}`;
        worstList = Math.max(worstList, await time(name, `/api/emails?folder=${folder}${filter}`));
        worstConversations = Math.max(
          worstConversations,
          await time(`view=conversations ${name}`, `/api/emails?view=conversations&folder=${folder}${filter}`),
        );
        const sql = `SELECT ${COLUMNS} FROM inbox_email WHERE team_id = $1 AND ${FOLDERS[folder](me.id)} AND ${condition}
          ORDER BY received_at DESC, id DESC LIMIT 20`;
        pagePlans.push(`${name.padEnd(44)} ${await planLine(sql, [me.teamId])}`);
      }
    }
    // The deepest page a list serves (MAX_LIST_DEPTH emails deep); one past it answers 400.
    const deepest = Math.floor(MAX_LIST_DEPTH / 20) - 1;
    worstList = Math.max(
      worstList,
      await time(`folder=inbox page=${deepest}`, `/api/emails?folder=inbox&page=${deepest}`),
    );
    worstConversations = Math.max(
      worstConversations,
      await time(
        `view=conversations folder=inbox page=${deepest}`,
        `/api/emails?view=conversations&folder=inbox&page=${deepest}`,
      ),
    );
    worstConversations = Math.max(
      worstConversations,
      await time('view=conversations my-tasks', '/api/emails/my-tasks?view=conversations'),
    );
    console.log(`\nsearch, ${RUNS} runs each:`);
    let worstSearch = 0;
    for (const search of ['invoice', 'faktura příloha', 'customer1234', 'zásil', 'parcel delivery status']) {
      const q = encodeURIComponent(search);
      for (const [name, path] of [
        [`GET /api/emails?search=${search}`, `/api/emails?search=${q}`],
        [`GET /api/emails/search?search=${search}`, `/api/emails/search?search=${q}`],
        [`view=conversations GET /api/emails?search=${search}`, `/api/emails?view=conversations&search=${q}`],
        [
          `view=conversations GET /api/emails/search?search=${search}`,
          `/api/emails/search?view=conversations&search=${q}`,
        ],
      ]) {
        worstSearch = Math.max(worstSearch, await time(name, path));
      }
    }
    const verdict = (ms: number, target: number) =>
      `${ms.toFixed(1)} ms (target <= ${target}: ${ms <= target ? 'met' : 'NOT met'})`;
    console.log(
      `\nworst list p95 ${verdict(worstList, 50)}; worst conversation list p95 ${verdict(worstConversations, 50)}; worst search p95 (both views) ${verdict(worstSearch, 150)}`,
    );

    console.log('\nplan of each page (EXPLAIN ANALYZE, page 0, size 20):');
    for (const line of pagePlans) console.log(line);

    for (const [name, sql, params] of [
      [
        'inbox page 0',
        `SELECT ${COLUMNS} FROM inbox_email WHERE team_id = $1 AND NOT is_archived AND NOT is_spam ORDER BY received_at DESC, id DESC LIMIT 20`,
        [me.teamId],
      ],
      [
        'inbox, assignee=unassigned, page 0',
        `SELECT ${COLUMNS} FROM inbox_email WHERE team_id = $1 AND NOT is_archived AND NOT is_spam AND assigned_to IS NULL
          ORDER BY received_at DESC, id DESC LIMIT 20`,
        [me.teamId],
      ],
      [
        'count of my-tasks, label, unread (from the counters)',
        `SELECT COALESCE(sum(n), 0) FROM inbox_email_count WHERE team_id = $1 AND box = ANY('{inbox,archived}') AND label_id = $2
          AND assigned_to = $3 AND unread`,
        [me.teamId, labels[0], me.id],
      ],
      [
        'count of the inbox, any assignee (from the counters)',
        `SELECT COALESCE(sum(n), 0) FROM inbox_email_count WHERE team_id = $1 AND box = ANY('{inbox}')
          AND label_id = '00000000-0000-0000-0000-000000000000'`,
        [me.teamId],
      ],
      ...[
        ['two common words', `search_vector @@ to_tsquery('simple', 'faktura:* & příloha:*')`],
        ['a rare word', `search_vector @@ to_tsquery('simple', 'customer1234:*')`],
      ].flatMap(([words, search]) => [
        [
          `search page, ${words}`,
          `SELECT ${COLUMNS} FROM inbox_email WHERE team_id = $1 AND NOT is_archived AND NOT is_spam AND ${search}
            ORDER BY received_at DESC, id DESC LIMIT 20`,
          [me.teamId],
        ],
        [
          `search count, ${words} (up to 1000, as the API counts)`,
          `SELECT count(*) FROM (SELECT 1 FROM inbox_email WHERE team_id = $1 AND NOT is_archived AND NOT is_spam AND ${search}
            ORDER BY received_at DESC, id DESC LIMIT 1000) AS matching`,
          [me.teamId],
        ],
        [
          `search count, ${words} (exact, not used)`,
          `SELECT count(*) FROM inbox_email WHERE team_id = $1 AND NOT is_archived AND NOT is_spam AND ${search}`,
          [me.teamId],
        ],
      ]),
    ] as const) {
      const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [...params]);
      console.log(`\nplan: ${name}\n${rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
    }
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
