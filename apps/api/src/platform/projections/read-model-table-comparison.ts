/**
 * Compares one read-model table, live against replayed: row count, order-independent checksum, first differing rows.
 */
import type { QueryRunner } from 'typeorm';
import type { ReadModelVerifierOptions } from './read-model-verifier';

/** One value that differs in a row present on both sides (same primary key). */
export interface ColumnDifference {
  column: string;
  live: unknown;
  replayed: unknown;
}

export interface TableComparison {
  table: string;
  liveRows: number;
  replayedRows: number;
  /** Order-independent: the sum over the rows of the first 64 bits of md5(row as text). */
  liveChecksum: string;
  replayedChecksum: string;
  equal: boolean;
  /** Columns compared (generated and ignored columns are not). */
  columns: string[];
  /** Primary key columns, which pair a live row with its replayed row. */
  key: string[];
  /** The first differing rows: same key with other values, only in the live table, only in the replay. */
  changed: { key: Record<string, unknown>; differences: ColumnDifference[] }[];
  onlyLive: Record<string, unknown>[];
  onlyReplayed: Record<string, unknown>[];
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function compareTable(
  runner: QueryRunner,
  liveSchema: string,
  schema: string,
  table: string,
  options: ReadModelVerifierOptions,
  leftOut: (column: string, reason?: string) => void,
): Promise<TableComparison> {
  const live = `${ident(liveSchema)}.${ident(table)}`;
  const scratch = `${ident(schema)}.${ident(table)}`;
  const attributes: { name: string; generated: string }[] = await runner.query(
    `SELECT attname AS name, attgenerated::text AS generated FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [live],
  );
  const columns: string[] = [];
  for (const { name, generated } of attributes) {
    const reason = options.ignoredColumns?.[`${table}.${name}`];
    if (generated) leftOut(name);
    else if (reason !== undefined) leftOut(name, reason);
    else columns.push(name);
  }
  const keyRows: { name: string }[] = await runner.query(
    `SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [live],
  );
  const key = keyRows.map((row) => row.name).filter((name) => columns.includes(name));
  const rows = options.comparedRows?.[table];
  const select = (relation: string) =>
    `SELECT ${columns.map(ident).join(', ')} FROM ${relation}${rows ? ` WHERE (${rows.where})` : ''}`;
  const summary = async (relation: string) => {
    const [row]: { n: string; checksum: string | null }[] = await runner.query(
      `SELECT count(*)::text AS n, sum(('x' || left(md5(r::text), 16))::bit(64)::bigint::numeric)::text AS checksum
         FROM (${select(relation)}) r`,
    );
    return { rows: Number(row.n), checksum: row.checksum ?? '0' };
  };
  const liveSummary = await summary(live);
  const replayedSummary = await summary(scratch);
  const comparison: TableComparison = {
    table,
    liveRows: liveSummary.rows,
    replayedRows: replayedSummary.rows,
    liveChecksum: liveSummary.checksum,
    replayedChecksum: replayedSummary.checksum,
    equal: liveSummary.rows === replayedSummary.rows && liveSummary.checksum === replayedSummary.checksum,
    columns,
    key,
    changed: [],
    onlyLive: [],
    onlyReplayed: [],
  };
  if (comparison.equal) return comparison;

  // The first rows of each side that the other side lacks (EXCEPT ALL both ways), paired by primary key.
  const limit = options.diffRows ?? 5;
  const order = key.length > 0 ? key.map((column) => `r.${ident(column)}`).join(', ') : 'r::text';
  const missingFrom = async (from: string, other: string): Promise<Record<string, unknown>[]> => {
    const rows: { row: Record<string, unknown> }[] = await runner.query(
      `SELECT to_jsonb(r) AS row FROM (${select(from)}) r
        WHERE r::text IN (SELECT d::text FROM (${select(from)} EXCEPT ALL ${select(other)}) d)
        ORDER BY ${order} LIMIT ${Math.max(1, limit) * 4}`,
    );
    return rows.map((row) => row.row);
  };
  const liveOnly = await missingFrom(live, scratch);
  const replayedOnly = await missingFrom(scratch, live);
  const keyOf = (row: Record<string, unknown>) => JSON.stringify(key.map((column) => row[column]));
  const replayedByKey = new Map(key.length > 0 ? replayedOnly.map((row) => [keyOf(row), row]) : []);
  const paired = new Set<string>();
  for (const row of liveOnly) {
    const other = replayedByKey.get(keyOf(row));
    if (other) {
      paired.add(keyOf(row));
      if (comparison.changed.length < limit) {
        comparison.changed.push({
          key: Object.fromEntries(key.map((column) => [column, row[column]])),
          differences: columns
            .filter((column) => JSON.stringify(row[column]) !== JSON.stringify(other[column]))
            .map((column) => ({ column, live: row[column], replayed: other[column] })),
        });
      }
    } else if (comparison.onlyLive.length < limit) {
      comparison.onlyLive.push(row);
    }
  }
  for (const row of replayedOnly) {
    if (!paired.has(keyOf(row)) && comparison.onlyReplayed.length < limit) comparison.onlyReplayed.push(row);
  }
  return comparison;
}
