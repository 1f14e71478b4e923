/**
 * Team audit export benchmark: a team with BENCH_AUDIT_EVENTS (default 200,000) entries in its audit trail, then
 * GET /api/team/audit/export as CSV and as JSON Lines through HTTP against the real app, read to the end, side by
 * side with the baseline: the same rows read by the same keyset page queries with no formatting and no HTTP.
 *
 *   npm run bench:audit-export          (BENCH_AUDIT_EVENTS, BENCH_RUNS per variant, default 3)
 *
 * Starts its own embedded PostgreSQL (or uses DATABASE_URL: a scratch database is created and dropped). The entries
 * are written straight into the read model (`team_audit`) by one INSERT ... SELECT: the export, not the projection,
 * is measured. Prints events/s per variant (median of the runs); the bounded memory of a slow reader is checked by
 * apps/api/src/modules/audit/http/team-audit.int.spec.ts.
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import type { TeamAuditExportFormat } from '@teaminbox/contracts';
import { QueryBus } from '@nestjs/cqrs';
import {
  ExportTeamAuditQuery,
  type TeamAuditExport,
} from '../../apps/api/src/modules/audit/queries/export-team-audit/export-team-audit.query';
import { startBenchApp } from '../support/bench-app';

const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 50_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const bench = await startBenchApp('audit-export');
  try {
    const me = await bench.call<{ id: string; teamId: string }>('/api/loggedInUser', 'GET', undefined, bench.token);
    const started = Date.now();
    // A year of a busy team: ~550 events a day by three members and a rule, over 2,000 emails, realistic payloads.
    await bench.db.query(
      `INSERT INTO team_audit (event_id, team_id, stream_id, stream_version, type, occurred_at, seq, actor_kind,
                               actor_user_id, actor_rule_id, actor_rule_name, email_id, correlation_id, causation_id,
                               payload)
       SELECT gen_random_uuid(), $1::uuid, 'email-' || e.id, n, (ARRAY['EmailAssigned', 'EmailLabelAdded', 'EmailMarkedRead',
              'EmailStatusChanged', 'CommentAdded'])[1 + n % 5],
              timestamptz '2025-01-01' + n * (interval '1 year' / $3::int), n,
              CASE WHEN n % 7 = 0 THEN 'rule' ELSE 'user' END,
              CASE WHEN n % 7 = 0 THEN NULL ELSE $2::uuid END,
              CASE WHEN n % 7 = 0 THEN $4::uuid END, CASE WHEN n % 7 = 0 THEN 'Invoices' END,
              e.id, gen_random_uuid()::text, NULL,
              jsonb_build_object('teamId', $1::uuid::text, 'emailId', e.id::text, 'assignedTo', $2::uuid::text,
                                 'assignedToName', 'Bench Member', 'labelName', 'Invoices, "Q1"',
                                 'message', 'Checked with the customer; the refund goes out on Monday.' || E'\\n' || 'Thanks!')
         FROM generate_series(1, $3::int) AS n
         CROSS JOIN LATERAL (SELECT md5(((n % 2000))::text)::uuid AS id) e`,
      [me.teamId, me.id, EVENTS, randomUUID()],
    );
    await bench.db.query('ANALYZE team_audit');
    // The team's own events (created, joined) are in its trail too.
    const [{ total }] = (
      await bench.db.query<{ total: number }>('SELECT count(*)::int AS total FROM team_audit WHERE team_id = $1', [
        me.teamId,
      ])
    ).rows;
    console.log(`${EVENTS} audit entries written in ${Date.now() - started} ms`);

    const queries = bench.app.get(QueryBus);
    const baseline = async () => {
      const t0 = performance.now();
      const { pages }: TeamAuditExport = await queries.execute(new ExportTeamAuditQuery(me.teamId, {}));
      let rows = 0;
      for await (const page of pages) rows += page.length;
      return { rows, bytes: 0, ms: performance.now() - t0 };
    };
    const exported = async (format: TeamAuditExportFormat) => {
      const t0 = performance.now();
      const res = await fetch(`${bench.baseUrl}/api/team/audit/export?format=${format}`, {
        headers: { authorization: `Bearer ${bench.token}` },
      });
      if (!res.ok) throw new Error(`export answered ${res.status}`);
      const reader = res.body!.getReader();
      let bytes = 0;
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
      }
      const rows = format === 'csv' ? lines - 1 : lines;
      return { rows, bytes, ms: performance.now() - t0 };
    };

    const variants: [string, () => Promise<{ rows: number; bytes: number; ms: number }>][] = [
      ['baseline: keyset SELECT, no formatting', baseline],
      ['CSV over HTTP', () => exported('csv')],
      ['JSON Lines over HTTP', () => exported('jsonl')],
    ];
    await baseline(); // warm-up
    const results: string[] = [];
    for (const [name, run] of variants) {
      const rates: number[] = [];
      let last = { rows: 0, bytes: 0, ms: 0 };
      for (let i = 0; i < RUNS; i++) {
        last = await run();
        if (last.rows !== total) throw new Error(`${name}: ${last.rows} rows instead of ${total}`);
        rates.push((last.rows * 1000) / last.ms);
      }
      results.push(
        `| ${name} | ${total.toLocaleString('en')} | ${Math.round(median(rates)).toLocaleString('en')} | ${rates
          .map((rate) => Math.round(rate).toLocaleString('en'))
          .join(' / ')} | ${last.bytes ? (last.bytes / 1048576).toFixed(1) : '-'} |`,
      );
    }
    console.log(`\nNode ${process.version}, ${cpus().length} cores; target ${TARGET.toLocaleString('en')} events/s\n`);
    console.log('| Variant | Events | Events/s (median) | Runs | MiB sent |');
    console.log('|---|---|---|---|---|');
    for (const line of results) console.log(line);
  } finally {
    await bench.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
