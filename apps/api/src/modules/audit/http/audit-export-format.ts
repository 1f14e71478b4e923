import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import type { TeamAuditExportFormat } from '@teaminbox/contracts';
import { type AuditRow, auditEntryHead } from '../queries/team-audit-rows';

/** The columns of the CSV export, in order: its header row. */
export const AUDIT_CSV_COLUMNS = [
  'eventId',
  'occurredAt',
  'type',
  'actorKind',
  'actorUserId',
  'actorName',
  'actorRuleId',
  'actorRuleName',
  'emailId',
  'streamId',
  'streamVersion',
  'correlationId',
  'causationId',
  'payload',
] as const;

/** One CSV record of a row: the fields of AUDIT_CSV_COLUMNS, empty for null, the payload as JSON. */
export function auditCsvRecord(row: AuditRow): string[] {
  return [
    row.event_id,
    row.occurred_at,
    row.type,
    row.actor_kind,
    row.actor_user_id ?? '',
    row.actor_name ?? '',
    row.actor_rule_id ?? '',
    row.actor_rule_name ?? '',
    row.email_id ?? '',
    row.stream_id,
    String(row.stream_version),
    row.correlation_id ?? '',
    row.causation_id ?? '',
    row.payload,
  ];
}

/** One JSON Lines line of a row: the API's entry (TeamAuditEntry) with the payload written as stored. */
export function auditJsonLine(row: AuditRow): string {
  const head = JSON.stringify(auditEntryHead(row));
  return `${head.slice(0, -1)},"payload":${row.payload}}\n`;
}

export const AUDIT_EXPORT_CONTENT_TYPES: Record<TeamAuditExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** The file name of an export made at `now`, e.g. `team-audit-2026-01-31T140000Z.csv`. */
export function auditExportFileName(format: TeamAuditExportFormat, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '');
  return `team-audit-${stamp}.${format}`;
}

/**
 * A field a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR: a member's name, say) is written
 * with a leading ' (CSV injection).
 */
const CSV_OPTIONS = { escape_formulas: true };

/** The export's text, one chunk per page of rows (the CSV's header row first). */
export async function* auditExportChunks(
  format: TeamAuditExportFormat,
  pages: AsyncIterable<AuditRow[]>,
): AsyncGenerator<string> {
  if (format === 'csv') yield stringify([[...AUDIT_CSV_COLUMNS]]);
  for await (const page of pages) {
    yield format === 'csv' ? stringify(page.map(auditCsvRecord), CSV_OPTIONS) : page.map(auditJsonLine).join('');
  }
}

/**
 * Writes the rows to `out` in the format, with backpressure end to end: the next page is read from PostgreSQL only
 * when `out` has taken the text before it (a slow client slows the reads down; it never fills the memory).
 */
export async function writeAuditExport(
  format: TeamAuditExportFormat,
  pages: AsyncIterable<AuditRow[]>,
  out: NodeJS.WritableStream,
): Promise<void> {
  await pipeline(Readable.from(auditExportChunks(format, pages), { objectMode: false }), out);
}
