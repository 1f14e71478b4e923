import { parse } from 'csv-parse/sync';
import type { AuditRow } from '../queries/team-audit-rows';
import { AUDIT_CSV_COLUMNS, auditExportChunks, auditExportFileName, auditJsonLine } from './audit-export-format';

const row = (overrides: Partial<AuditRow> = {}): AuditRow => ({
  event_id: '0b7e7a4e-1f4c-4c8e-9d55-3c1d2b7f0a01',
  occurred_at: '2026-01-31T14:00:00.123Z',
  cursor_at: '2026-01-31 14:00:00.123+00',
  seq: '42',
  type: 'CommentAdded',
  stream_id: 'email-1',
  stream_version: 3,
  actor_kind: 'user',
  actor_user_id: '6f1c1d9e-8a2b-4c3d-9e4f-5a6b7c8d9e0f',
  actor_name: 'Novák, "Jan"',
  actor_rule_id: null,
  actor_rule_name: null,
  email_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  correlation_id: 'req-1',
  causation_id: null,
  payload: '{"message": "line one\\nline, \\"two\\"", "mentions": []}',
  ...overrides,
});

async function text(format: 'csv' | 'jsonl', rows: AuditRow[][]): Promise<string> {
  let out = '';
  async function* pages() {
    yield* rows;
  }
  for await (const chunk of auditExportChunks(format, pages())) out += chunk;
  return out;
}

describe('the audit export formats', () => {
  it('writes CSV with a header row and quotes commas, quotes and line breaks so it parses back', async () => {
    const rows = [
      row(),
      row({
        event_id: 'e2',
        actor_kind: 'rule',
        actor_user_id: null,
        actor_name: null,
        actor_rule_id: 'r',
        actor_rule_name: 'Bills',
      }),
    ];
    const csv = await text('csv', [rows.slice(0, 1), rows.slice(1)]);
    const records: string[][] = parse(csv);
    expect(records[0]).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(records).toHaveLength(3);
    const [first, second] = records
      .slice(1)
      .map((record) => Object.fromEntries(AUDIT_CSV_COLUMNS.map((c, i) => [c, record[i]])));
    expect(first).toMatchObject({
      eventId: rows[0].event_id,
      occurredAt: '2026-01-31T14:00:00.123Z',
      type: 'CommentAdded',
      actorName: 'Novák, "Jan"',
      actorRuleId: '',
      streamVersion: '3',
      correlationId: 'req-1',
      causationId: '',
    });
    expect(JSON.parse(first.payload)).toEqual({ message: 'line one\nline, "two"', mentions: [] });
    expect(second).toMatchObject({ eventId: 'e2', actorKind: 'rule', actorUserId: '', actorRuleName: 'Bills' });
  });

  it('keeps a spreadsheet from reading a field as a formula', async () => {
    const csv = await text('csv', [
      [row({ actor_name: '=HYPERLINK("http://evil.example","x")', actor_rule_name: '@SUM(1)' })],
    ]);
    const [, record] = parse(csv) as string[][];
    expect(record[AUDIT_CSV_COLUMNS.indexOf('actorName')]).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(record[AUDIT_CSV_COLUMNS.indexOf('actorRuleName')]).toBe("'@SUM(1)");
    expect(record[AUDIT_CSV_COLUMNS.indexOf('payload')]).toMatch(/^\{/);
  });

  it('writes only the header row for no rows', async () => {
    expect(await text('csv', [])).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\n`);
  });

  it('writes JSON Lines: one entry a line, the payload as an object', async () => {
    const jsonl = await text('jsonl', [[row(), row({ event_id: 'e2' })]]);
    const lines = jsonl.split('\n');
    expect(lines.pop()).toBe('');
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries[0]).toEqual({
      eventId: row().event_id,
      occurredAt: '2026-01-31T14:00:00.123Z',
      type: 'CommentAdded',
      streamId: 'email-1',
      streamVersion: 3,
      actorKind: 'user',
      actorUserId: row().actor_user_id,
      actorName: 'Novák, "Jan"',
      actorRuleId: null,
      actorRuleName: null,
      emailId: row().email_id,
      correlationId: 'req-1',
      causationId: null,
      payload: { message: 'line one\nline, "two"', mentions: [] },
    });
    expect(entries[1].eventId).toBe('e2');
    expect(auditJsonLine(row())).toMatch(/\n$/);
  });

  it('names the file after the format and the instant', () => {
    expect(auditExportFileName('csv', new Date('2026-01-31T14:05:09.500Z'))).toBe('team-audit-2026-01-31T140509Z.csv');
    expect(auditExportFileName('jsonl', new Date('2026-01-31T14:05:09Z'))).toBe('team-audit-2026-01-31T140509Z.jsonl');
  });
});
