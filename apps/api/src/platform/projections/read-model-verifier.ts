/**
 * Proves the read models (`npm run verify`): waits for the live projections, then replays and compares in one snapshot.
 */
import { randomBytes } from 'node:crypto';
import type { DataSource, QueryRunner } from 'typeorm';
import { START, comparePositions, type EventStore, type Position } from '../event-store/event-store.port';
import type { Projection } from './projection';
import { replay, type EventProblem } from './read-model-replay';
import { compareTable, ident, type TableComparison } from './read-model-table-comparison';
import { formatPosition } from './read-model-verification-report';

export type { EventProblem } from './read-model-replay';
export type { ColumnDifference, TableComparison } from './read-model-table-comparison';
export { formatPosition, formatVerificationReport } from './read-model-verification-report';

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
