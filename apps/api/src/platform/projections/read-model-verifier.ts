import { randomBytes } from 'node:crypto';
import type { DataSource, QueryRunner } from 'typeorm';
import {
  START,
  comparePositions,
  type EventStore,
  type Position,
  type StoredEvent,
} from '../event-store/event-store.port';
import type { Projection } from './projection';

/** Why a table or a column is left out of the comparison: said in the report, never silent. */
export type Reasons = Readonly<Record<string, string>>;

export interface ReadModelVerifierOptions {
  dataSource: DataSource;
  eventStore: EventStore;
  /** Every registered projection (ProjectionRunner.registeredProjections()). */
  projections: readonly Projection[];
  /**
   * Tables of the live schema that are not read models, each with the reason (the event store, the runner's
   * bookkeeping, state written beside the log by ingestion or reactions). Every other table is a read model: it is
   * rebuilt and compared, so a new table is verified unless someone decides otherwise here.
   */
  excludedTables: Reasons;
  /** Columns left out of a table's comparison (`table.column`), each with the reason (e.g. set at projection time). */
  ignoredColumns?: Reasons;
  /**
   * Tables whose rows are compared only where a condition holds (an SQL condition on the table's columns), each with
   * the reason: rows outside it mean nothing and how many of them exist depends on how the events were batched.
   */
  comparedRows?: Readonly<Record<string, { where: string; reason: string }>>;
  /** How long the live projections may take to reach the log's head read at the start (default 120 s). */
  waitMs?: number;
  /** Differing rows shown per table (default 5). */
  diffRows?: number;
  /** Events read per batch of the replay (default 5000). */
  batchSize?: number;
  /** Progress lines. */
  print?: (line: string) => void;
}

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

export interface EventProblem {
  projection: string;
  eventId: string;
  type: string;
  streamId: string;
  streamVersion: number;
  error: string;
}

export interface VerificationReport {
  equal: boolean;
  schema: string;
  liveSchema: string;
  /** The log's head when the verification started. */
  head: Position;
  /** Per projection, the position replayed up to: its live checkpoint in the compared snapshot. */
  replayedUpTo: Record<string, Position>;
  eventsRead: number;
  tables: TableComparison[];
  excludedTables: { table: string; reason: string }[];
  ignoredColumns: { table: string; column: string; reason: string }[];
  /** Generated columns, left out: PostgreSQL computes them from the compared columns. */
  generatedColumns: { table: string; column: string }[];
  /** Tables compared only on the rows where a condition holds. */
  comparedRows: { table: string; where: string; reason: string }[];
  /** Events a projection failed to apply during the replay (and the later events of their streams, held behind). */
  replayFailures: EventProblem[];
  /** Events parked by the live runner: the live read models do not include them. */
  parked: EventProblem[];
  ms: number;
}

/** The live projections did not reach the log's head in time: they are not comparable yet. */
export class LiveProjectionsBehindError extends Error {
  constructor(
    readonly head: Position,
    readonly behind: { projection: string; checkpoint: Position | null }[],
    waitMs: number,
  ) {
    super(
      `The live projections did not reach the log's head (${formatPosition(head)}) within ${Math.round(waitMs / 1000)} s: ` +
        behind
          .map(
            ({ projection, checkpoint }) =>
              `${projection} at ${checkpoint ? formatPosition(checkpoint) : 'no checkpoint'}`,
          )
          .join(', ') +
        '. Is the app running and its projections healthy (GET /api/health with HEALTH_TOKEN)?',
    );
    this.name = 'LiveProjectionsBehindError';
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const formatPosition = (position: Position) => `${position.commit}/${position.prepare}`;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

function parsePosition(commit: string | null, prepare: string | null): Position | null {
  return commit == null || prepare == null ? null : { commit: BigInt(commit), prepare: BigInt(prepare) };
}

const scratchName = () =>
  `verify_${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}_${randomBytes(3).toString('hex')}`;

/**
 * Proves the read models: replays the whole event log through every registered projection into a scratch schema of
 * the same database and compares each read-model table with the live one (row count, an order-independent checksum,
 * and the first differing rows).
 *
 * - Position: the live projections must first reach the log's head read at the start. Then, in one REPEATABLE READ
 *   transaction, each projection's live checkpoint is read; the live table in that snapshot is exactly the fold of
 *   the events up to it (the runner commits a batch's changes and its checkpoint together), so the replay feeds each
 *   projection the events up to its own checkpoint, and the comparison reads the live tables in that same snapshot.
 *   The live app may go on working meanwhile.
 * - Scratch schema: created inside that transaction, the tables as `CREATE TABLE ... (LIKE live INCLUDING ALL)` (the
 *   live shape whatever migrations made it, with the keys and indexes ON CONFLICT needs), the replay with the
 *   transaction's search_path set to the scratch schema only (a projection that named another table would fail, not
 *   write the live one). The transaction is rolled back at the end, success or failure: the scratch schema is never
 *   committed, and a killed process leaves nothing behind.
 */
export async function verifyReadModels(options: ReadModelVerifierOptions): Promise<VerificationReport> {
  const started = Date.now();
  const print = options.print ?? (() => undefined);
  const { dataSource, eventStore, projections } = options;
  const names = projections.map((projection) => projection.name);

  const head = await eventStore.headPosition();
  print(`Log head: ${formatPosition(head)}; waiting for the live projections to reach it...`);
  await waitForLiveProjections(dataSource, names, head, options.waitMs ?? 120_000);

  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction('REPEATABLE READ');
    try {
      return await verifyInSnapshot(runner, options, head, started, print);
    } finally {
      // The scratch schema goes with the transaction.
      await runner.rollbackTransaction().catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}

async function waitForLiveProjections(
  dataSource: DataSource,
  names: string[],
  head: Position,
  waitMs: number,
): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const rows: { name: string; commit: string; prepare: string }[] = await dataSource.query(
      `SELECT name, commit::text AS commit, prepare::text AS prepare FROM projection_checkpoints WHERE name = ANY($1)`,
      [names],
    );
    const at = new Map(rows.map((row) => [row.name, parsePosition(row.commit, row.prepare)]));
    const behind = names
      .map((projection) => ({ projection, checkpoint: at.get(projection) ?? null }))
      .filter(({ checkpoint }) => comparePositions(checkpoint ?? START, head) < 0);
    if (behind.length === 0) return;
    if (Date.now() >= deadline) throw new LiveProjectionsBehindError(head, behind, waitMs);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function verifyInSnapshot(
  runner: QueryRunner,
  options: ReadModelVerifierOptions,
  head: Position,
  started: number,
  print: (line: string) => void,
): Promise<VerificationReport> {
  const { projections } = options;
  const names = projections.map((projection) => projection.name);
  // The first statement takes the snapshot: checkpoints, parked events and live tables are all read in it.
  const [{ schema: liveSchema }]: { schema: string }[] = await runner.query('SELECT current_schema() AS schema');
  const checkpointRows: { name: string; commit: string; prepare: string }[] = await runner.query(
    `SELECT name, commit::text AS commit, prepare::text AS prepare FROM ${ident(liveSchema)}.projection_checkpoints
      WHERE name = ANY($1)`,
    [names],
  );
  const replayedUpTo: Record<string, Position> = {};
  for (const name of names) replayedUpTo[name] = START;
  for (const row of checkpointRows) replayedUpTo[row.name] = parsePosition(row.commit, row.prepare) ?? START;
  const parkedRows: {
    projection: string;
    event_id: string;
    event_type: string;
    stream_id: string;
    stream_version: number;
    error: string;
  }[] = await runner.query(
    `SELECT projection, event_id, event_type, stream_id, stream_version, error
       FROM ${ident(liveSchema)}.projection_parked_event ORDER BY projection, commit, prepare`,
  );
  const parked = parkedRows.map((row) => ({
    projection: row.projection,
    eventId: row.event_id,
    type: row.event_type,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    error: row.error,
  }));

  const tableRows: { table: string }[] = await runner.query(
    `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
    [liveSchema],
  );
  const allTables = tableRows.map((row) => row.table);
  const tables = allTables.filter((table) => !(table in options.excludedTables));
  const excludedTables = Object.entries(options.excludedTables)
    .filter(([table]) => allTables.includes(table))
    .map(([table, reason]) => ({ table, reason }));

  const schema = scratchName();
  print(`Scratch schema ${schema}: ${tables.length} read-model tables`);
  await runner.query(`CREATE SCHEMA ${ident(schema)}`);
  for (const table of tables) {
    await runner.query(
      `CREATE TABLE ${ident(schema)}.${ident(table)} (LIKE ${ident(liveSchema)}.${ident(table)} INCLUDING ALL)`,
    );
  }
  // A default drawing from a sequence would advance the live sequence (not rolled back) and differ by nature.
  const sequenced: { table: string; column: string }[] = await runner.query(
    `SELECT c.relname AS table, a.attname AS column FROM pg_attrdef d
       JOIN pg_class c ON c.oid = d.adrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
      WHERE n.nspname = $1 AND pg_get_expr(d.adbin, d.adrelid) ILIKE '%nextval(%'`,
    [schema],
  );
  if (sequenced.length > 0) {
    throw new Error(
      `Read-model columns take their values from a sequence, which a replay cannot reproduce: ` +
        `${sequenced.map((row) => `${row.table}.${row.column}`).join(', ')}. Exclude or ignore them with a reason.`,
    );
  }

  await runner.query(`SET LOCAL search_path TO ${ident(schema)}`);
  const { eventsRead, failures } = await replay(runner, options, replayedUpTo, print);

  print('Comparing...');
  const generatedColumns: { table: string; column: string }[] = [];
  const ignoredColumns: { table: string; column: string; reason: string }[] = [];
  const comparisons: TableComparison[] = [];
  for (const table of tables) {
    comparisons.push(
      await compareTable(runner, liveSchema, schema, table, options, (column, reason) => {
        if (reason === undefined) generatedColumns.push({ table, column });
        else ignoredColumns.push({ table, column, reason });
      }),
    );
  }
  const equal = comparisons.every((table) => table.equal) && failures.length === 0 && parked.length === 0;
  return {
    equal,
    schema,
    liveSchema,
    head,
    replayedUpTo,
    eventsRead,
    tables: comparisons,
    excludedTables,
    ignoredColumns,
    generatedColumns,
    comparedRows: Object.entries(options.comparedRows ?? {})
      .filter(([table]) => tables.includes(table))
      .map(([table, { where, reason }]) => ({ table, where, reason })),
    replayFailures: failures,
    parked,
    ms: Date.now() - started,
  };
}

/**
 * Feeds every projection the log up to its own position, batch by batch in global order, on the transaction whose
 * search_path is the scratch schema. A batch that fails is applied again event by event; an event that still fails
 * is reported and the later events of its stream are held behind it, as the live runner parks them.
 */
async function replay(
  runner: QueryRunner,
  options: ReadModelVerifierOptions,
  upTo: Record<string, Position>,
  print: (line: string) => void,
): Promise<{ eventsRead: number; failures: EventProblem[] }> {
  const { projections, eventStore } = options;
  const end = Object.values(upTo).reduce(
    (max, position) => (comparePositions(position, max) > 0 ? position : max),
    START,
  );
  const types = [...new Set(projections.flatMap((projection) => projection.eventTypes))];
  const typeSets = new Map(projections.map((projection) => [projection.name, new Set(projection.eventTypes)]));
  const blocked = new Map(projections.map((projection) => [projection.name, new Set<string>()]));
  const failures: EventProblem[] = [];
  const problem = (projection: Projection, event: StoredEvent, error: string): EventProblem => ({
    projection: projection.name,
    eventId: event.eventId,
    type: event.type,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    error,
  });
  const inSavepoint = async (work: () => Promise<void>): Promise<unknown> => {
    await runner.query('SAVEPOINT verify_replay');
    try {
      await work();
      await runner.query('RELEASE SAVEPOINT verify_replay');
      return undefined;
    } catch (error) {
      await runner.query('ROLLBACK TO SAVEPOINT verify_replay');
      return error ?? new Error('failed');
    }
  };

  let after = START;
  let eventsRead = 0;
  for (;;) {
    const batch = await eventStore.readAll({ after, maxCount: options.batchSize ?? 5000, types });
    const events = batch.filter((event) => comparePositions(event.position, end) <= 0);
    if (events.length === 0) break;
    eventsRead += events.length;
    for (const projection of projections) {
      const wanted = typeSets.get(projection.name)!;
      const streams = blocked.get(projection.name)!;
      const relevant: StoredEvent[] = [];
      for (const event of events) {
        if (!wanted.has(event.type) || comparePositions(event.position, upTo[projection.name]) > 0) continue;
        if (streams.has(event.streamId))
          failures.push(problem(projection, event, 'Held behind a failed event of the same stream'));
        else relevant.push(event);
      }
      if (relevant.length === 0) continue;
      if ((await inSavepoint(() => projection.handle(relevant, runner.manager))) === undefined) continue;
      for (const event of relevant) {
        if (streams.has(event.streamId)) {
          failures.push(problem(projection, event, 'Held behind a failed event of the same stream'));
          continue;
        }
        const error = await inSavepoint(() => projection.handle([event], runner.manager));
        if (error === undefined) continue;
        failures.push(problem(projection, event, errorText(error)));
        streams.add(event.streamId);
      }
    }
    after = events[events.length - 1].position;
    if (events.length < batch.length) break;
    print(`Replayed ${eventsRead} events...`);
  }
  print(`Replayed ${eventsRead} events`);
  return { eventsRead, failures };
}

async function compareTable(
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

const MAX_VALUE_LENGTH = 120;

function shortValue(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}… (${text.length} characters)` : text;
}

function shortRow(row: Record<string, unknown>): string {
  return `{${Object.entries(row)
    .map(([column, value]) => `${column}: ${shortValue(value)}`)
    .join(', ')}}`;
}

/** The report as text: one line per table, then what differs. */
export function formatVerificationReport(report: VerificationReport): string {
  const lines: string[] = [];
  const differing = report.tables.filter((table) => !table.equal);
  lines.push(
    `Read models ${report.equal ? 'verified' : 'DIFFER'}: ${report.eventsRead} events replayed into ${report.schema} ` +
      `and compared with ${report.liveSchema} (head ${formatPosition(report.head)}) in ${report.ms} ms`,
  );
  lines.push('');
  const width = Math.max(...report.tables.map((table) => table.table.length), 5);
  for (const table of report.tables) {
    lines.push(
      `  ${table.equal ? 'ok  ' : 'DIFF'} ${table.table.padEnd(width)}  rows live ${table.liveRows}, replayed ` +
        `${table.replayedRows}; checksum live ${table.liveChecksum}` +
        (table.equal ? '' : `, replayed ${table.replayedChecksum}`),
    );
  }
  for (const table of differing) {
    lines.push('', `${table.table}: ${table.liveRows} rows live, ${table.replayedRows} replayed; first differences:`);
    for (const change of table.changed) {
      lines.push(`  changed ${shortRow(change.key)}:`);
      for (const difference of change.differences) {
        lines.push(
          `    ${difference.column}: live ${shortValue(difference.live)}, replayed ${shortValue(difference.replayed)}`,
        );
      }
    }
    for (const row of table.onlyLive) lines.push(`  only live:     ${shortRow(row)}`);
    for (const row of table.onlyReplayed) lines.push(`  only replayed: ${shortRow(row)}`);
  }
  if (report.replayFailures.length > 0) {
    lines.push('', `Events the replay could not apply (${report.replayFailures.length}):`);
    for (const failure of report.replayFailures.slice(0, 20)) lines.push(`  ${describeProblem(failure)}`);
  }
  if (report.parked.length > 0) {
    lines.push('', `Events parked by the live projections, missing from their read models (${report.parked.length}):`);
    for (const parked of report.parked.slice(0, 20)) lines.push(`  ${describeProblem(parked)}`);
    lines.push('  After a fix: npm run replay-parked -- <projection>');
  }
  lines.push('', 'Not compared:');
  for (const { table, reason } of report.excludedTables) lines.push(`  table ${table}: ${reason}`);
  for (const { table, column, reason } of report.ignoredColumns) lines.push(`  column ${table}.${column}: ${reason}`);
  for (const { table, where, reason } of report.comparedRows) {
    lines.push(`  rows of ${table} not matching ${where}: ${reason}`);
  }
  for (const { table, column } of report.generatedColumns) {
    lines.push(`  column ${table}.${column}: generated by PostgreSQL from the compared columns`);
  }
  return lines.join('\n');
}

function describeProblem(problem: EventProblem): string {
  return (
    `${problem.projection}: ${problem.type} ${problem.eventId} (stream ${problem.streamId} v${problem.streamVersion}): ` +
    problem.error
  );
}
