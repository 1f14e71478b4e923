import { EventEmitter } from 'node:events';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import {
  START,
  comparePositions,
  type EventStore,
  type Position,
  type StoredEvent,
} from '../event-store/event-store.port';
import type { Projection, Reaction } from './projection';

export interface RunnerLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface ProjectionRunnerOptions {
  /** Events read per batch (default 2000). */
  batchSize?: number;
  /** Safety poll when no wake-up arrives (default 2000 ms). */
  pollIntervalMs?: number;
  /** How often a standby retries to become leader, and the leader checks its lock connection (default 3000 ms). */
  leaseIntervalMs?: number;
  /** Backoff after a failing batch: doubles from 100 ms up to this (default 30000 ms). */
  maxBackoffMs?: number;
  /**
   * Attempts of a batch whose handle() fails before the runner isolates the failing event: the batch is then
   * handled event by event and an event that still fails is parked (default 3).
   */
  maxBatchAttempts?: number;
  /** Attempts of one event, in isolation, before it is parked (default 2). */
  maxEventAttempts?: number;
  logger?: RunnerLogger;
}

/** A subscriber's state for GET /api/health (with its token). */
export interface SubscriberStatus {
  name: string;
  kind: 'projection' | 'reaction';
  /** Events of its types in the log after its checkpoint, counted among the next LAG_COUNT_LIMIT events. */
  lag: number;
  /** True when LAG_COUNT_LIMIT events were counted: there may be more. */
  lagCapped: boolean;
  /** Events parked in the dead-letter table. */
  parked: number;
}

/** A parked event as `projection_parked_event` keeps it. */
export interface ParkedEvent {
  projection: string;
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  position: Position;
  error: string;
  attempts: number;
  parkedAt: Date;
}

export interface ReplayResult {
  name: string;
  replayed: number;
  /** Still parked: failed again, or behind one that did in the same stream. */
  stillParked: number;
}

export const LAG_COUNT_LIMIT = 1000;
const MAX_ERROR_LENGTH = 2000;
/** Why an event waits in the dead-letter table without having failed itself. */
export const HELD_BEHIND_MESSAGE = 'Held behind a parked event of the same stream';

export interface RebuildResult {
  name: string;
  /** Events read from the log. */
  events: number;
  /** Events of the projection's types handed to it. */
  handled: number;
  ms: number;
  eventsPerSecond: number;
  /** False when another process leads the projection and rebuilt it (this process only waited). */
  local: boolean;
  /** Events parked during the rebuild (see replayParked). */
  parked: number;
}

/** handle() failed: the batch's data, not the runner, is the suspect (see isolate). */
class HandleFailed extends Error {
  constructor(readonly failure: unknown) {
    super((failure as Error)?.message ?? String(failure));
  }
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);

type Subscriber =
  | { kind: 'projection'; name: string; types: Set<string>; projection: Projection }
  | { kind: 'reaction'; name: string; types: Set<string>; reaction: Reaction };

/**
 * One read of the log for the subscribers that ask for the same batch (same position) together: the types whose
 * payloads it reads are the union of theirs (payloads of other types are not read).
 */
interface SharedRead {
  types: Set<string>;
  /** Sent to the event store: a subscriber that needs a type not read waits for a read of its own. */
  sent: boolean;
  events: Promise<StoredEvent[]>;
}

/** A waitFor under way: the subscribers it waits for and where. */
interface PendingWait {
  names: readonly string[];
  position: Position;
  afterCommit: boolean;
}

interface Loop {
  sub: Subscriber;
  leader: boolean;
  /** Checkpoint as known while leading; undefined until loaded. */
  cursor: Position | undefined;
  /** Reactions with afterCommit: position up to which afterCommit has run. */
  afterCommitCursor: Position | undefined;
  mutex: Mutex;
  woken: boolean;
  wake: (() => void) | undefined;
  done: Promise<void> | undefined;
  /** Streams with a parked event for this subscriber: their later events are parked behind it (kept in order). */
  parkedStreams: Set<string>;
}

/** One subscriber's checkpoint move from the position it read after to its batch's last event (positions as text). */
interface CheckpointMove {
  name: string;
  from_commit: string;
  from_prepare: string;
  to_commit: string;
  to_prepare: string;
  /** A reaction with nothing pending after the commit: its after-commit position moves too. */
  after_commit: boolean;
}

/** The checkpoint changed under us (a rebuild, or another leader): reload and go on. */
class CheckpointMoved extends Error {}

class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

const consoleLogger: RunnerLogger = {
  log: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error),
};

function parsePosition(commit: string | null | undefined, prepare: string | null | undefined): Position | undefined {
  if (commit == null || prepare == null) return undefined;
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}

const SELECT_CHECKPOINT = `SELECT commit::text AS commit, prepare::text AS prepare,
  after_commit_commit::text AS ac_commit, after_commit_prepare::text AS ac_prepare
  FROM projection_checkpoints WHERE name = $1`;

/**
 * Feeds registered projections and reactions from the event store's global log. Each subscriber has
 * its own loop and checkpoint row (projection_checkpoints): a batch is read after the checkpoint, then
 * in ONE transaction the subscriber's handle() runs and the checkpoint moves to the batch's last event,
 * so a crash at any point neither loses nor repeats an effect. Reactions' afterCommit() runs after that
 * commit (at-least-once: a crash before it completes makes it run again on restart).
 *
 * Leadership: a subscriber is fed by one process only, the holder of a session advisory lock taken on a
 * dedicated connection. Every batch transaction also takes a per-subscriber transaction lock and checks
 * the stored checkpoint, which fences a stale leader (and lets rebuild() reset a projection under a
 * running leader).
 */
export class ProjectionRunner {
  private readonly loops = new Map<string, Loop>();
  private readonly progress = new EventEmitter();
  private readonly options: Required<Omit<ProjectionRunnerOptions, 'logger'>>;
  private readonly logger: RunnerLogger;
  private running = false;
  private unsubscribe: (() => void) | undefined;
  private lockRunner: QueryRunner | undefined;
  private lockRunnerReady: Promise<QueryRunner> | undefined;
  private leaseTimer: NodeJS.Timeout | undefined;
  /** Queries on the lock connection run one at a time. */
  private readonly lockMutex = new Mutex();
  /** Checkpoint moves being gathered for one statement (see moveCheckpoint). */
  private pendingMoves: { moves: CheckpointMove[]; moved: Promise<Set<string>> } | undefined;
  /** Reads of the log being gathered or under way, by the position they read after. */
  private readonly sharedReads = new Map<string, SharedRead>();
  /** The waitFor calls under way: each announcement of the log wakes again their subscribers still behind. */
  private readonly waits = new Set<PendingWait>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly eventStore: EventStore,
    options: ProjectionRunnerOptions = {},
  ) {
    this.options = {
      batchSize: options.batchSize ?? 2000,
      pollIntervalMs: options.pollIntervalMs ?? 2000,
      leaseIntervalMs: options.leaseIntervalMs ?? 3000,
      maxBackoffMs: options.maxBackoffMs ?? 30000,
      maxBatchAttempts: Math.max(1, options.maxBatchAttempts ?? 3),
      maxEventAttempts: Math.max(1, options.maxEventAttempts ?? 2),
    };
    this.logger = options.logger ?? consoleLogger;
    this.progress.setMaxListeners(0);
  }

  registerProjection(projection: Projection): void {
    this.add({ kind: 'projection', name: projection.name, types: new Set(projection.eventTypes), projection });
  }

  registerReaction(reaction: Reaction): void {
    this.add({ kind: 'reaction', name: reaction.name, types: new Set(reaction.eventTypes), reaction });
  }

  /** Names of every registered projection and reaction. */
  subscriberNames(): string[] {
    return [...this.loops.keys()];
  }

  /** Names of the registered projections (not reactions). */
  projectionNames(): string[] {
    return [...this.loops.values()].filter((loop) => loop.sub.kind === 'projection').map((loop) => loop.sub.name);
  }

  /** The registered projections (not reactions), in registration order. */
  registeredProjections(): Projection[] {
    return [...this.loops.values()].flatMap((loop) => (loop.sub.kind === 'projection' ? [loop.sub.projection] : []));
  }

  private add(sub: Subscriber): void {
    if (this.loops.has(sub.name)) throw new Error(`A projection or reaction named '${sub.name}' is already registered`);
    const loop: Loop = {
      sub,
      leader: false,
      cursor: undefined,
      afterCommitCursor: undefined,
      mutex: new Mutex(),
      woken: false,
      wake: undefined,
      done: undefined,
      parkedStreams: new Set(),
    };
    this.loops.set(sub.name, loop);
    if (this.running) loop.done = this.runLoop(loop);
  }

  /**
   * Starts feeding. Reactions that start at the head get their first checkpoint here, so that what
   * is appended once start() resolved reaches them.
   */
  async start(): Promise<void> {
    if (this.running) return;
    for (const loop of this.loops.values()) {
      if (loop.sub.kind === 'reaction' && loop.sub.reaction.startAt === 'head')
        await this.initHeadCheckpoint(loop.sub.name);
    }
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.eventStore.onAppended((types) => {
      this.wakeFor(types);
      this.wakeWaiting();
    });
    this.leaseTimer = setInterval(() => void this.checkLockConnection(), this.options.leaseIntervalMs);
    for (const loop of this.loops.values()) loop.done = this.runLoop(loop);
  }

  /** Stops every loop after its in-flight batch and gives up leadership. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.leaseTimer);
    this.wakeAll();
    await Promise.all([...this.loops.values()].map((loop) => loop.done));
    for (const loop of this.loops.values()) {
      loop.done = undefined;
      loop.leader = false;
      loop.cursor = undefined;
    }
    await this.releaseLockConnection();
  }

  /** Whether the loops run (start() was called and stop() was not): this process feeds or stands by to lead. */
  isRunning(): boolean {
    return this.running;
  }

  /** Whether a projection or reaction of that name is registered in this process. */
  isRegistered(name: string): boolean {
    return this.loops.has(name);
  }

  /**
   * Resolves true once every named projection (default: all registered projections) has a checkpoint
   * at or after `position`; false after timeoutMs. Never throws for a timeout. With `afterCommit`, the
   * named reactions must also have finished their afterCommit work up to `position` (their effects are done,
   * not only decided). It wakes the loops it waits for, and only those: a reaction waiting for the inbox after each
   * batch of new mail does not make every other subscriber read the log and move its checkpoint.
   */
  async waitFor(
    position: Position,
    names?: string[],
    timeoutMs = 5000,
    options: { afterCommit?: boolean } = {},
  ): Promise<boolean> {
    const wanted = names ?? this.projectionNames();
    const afterCommit = options.afterCommit ?? false;
    const deadline = Date.now() + timeoutMs;
    const wait: PendingWait = { names: wanted, position, afterCommit };
    this.waits.add(wait);
    this.wake(wanted);
    try {
      for (;;) {
        if (await this.reached(wanted, position, afterCommit)) return true;
        const remaining = deadline - Date.now();
        if (remaining <= 0) return false;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            this.progress.off('progress', done);
            resolve();
          };
          const timer = setTimeout(done, Math.min(remaining, 50));
          this.progress.on('progress', done);
        });
      }
    } finally {
      this.waits.delete(wait);
    }
  }

  /**
   * A loop woken while the position it is waited at was not readable yet (an older transaction still ran) read
   * nothing and went back to sleep, and an append of other types does not wake it. The store announces an append
   * once readers can see it: that announcement wakes, beside the loops of its types, the waited-for loops still
   * behind, in the same turn, so that they read together (one read of the log) rather than one after the other.
   */
  private wakeWaiting(): void {
    for (const wait of this.waits) {
      this.wake(
        wait.names.filter((name) => {
          const loop = this.loops.get(name);
          const cursor = loop && cursorOf(loop, wait.afterCommit);
          return !cursor || comparePositions(cursor, wait.position) < 0;
        }),
      );
    }
  }

  private async reached(names: string[], position: Position, afterCommit: boolean): Promise<boolean> {
    const remote: string[] = [];
    for (const name of names) {
      const loop = this.loops.get(name);
      const cursor = loop && cursorOf(loop, afterCommit);
      if (loop?.leader && cursor) {
        if (comparePositions(cursor, position) < 0) return false;
      } else {
        remote.push(name);
      }
    }
    if (remote.length === 0) return true;
    try {
      const rows: { name: string; commit: string; prepare: string }[] = await this.dataSource.query(
        afterCommit
          ? `SELECT name, COALESCE(after_commit_commit, commit)::text AS commit,
               COALESCE(after_commit_prepare, prepare)::text AS prepare
               FROM projection_checkpoints WHERE name = ANY($1)`
          : `SELECT name, commit::text AS commit, prepare::text AS prepare FROM projection_checkpoints WHERE name = ANY($1)`,
        [remote],
      );
      if (rows.length < remote.length) return false;
      return rows.every((row) => comparePositions(parsePosition(row.commit, row.prepare) ?? START, position) >= 0);
    } catch (error) {
      this.logger.warn(`waitFor could not read checkpoints: ${(error as Error).message}`);
      return false;
    }
  }

  /**
   * Rebuilds a projection from zero: in one transaction reset() and the checkpoint's deletion, then a
   * catch-up to the head of the log. Reactions are never run by a rebuild. When another process leads
   * the projection, it notices the reset checkpoint and rebuilds; this call waits for it.
   */
  async rebuild(name: string, timeoutMs = 24 * 3600 * 1000): Promise<RebuildResult> {
    const loop = this.loops.get(name);
    if (!loop) throw new Error(`Unknown projection '${name}' (known: ${this.projectionNames().join(', ') || 'none'})`);
    if (loop.sub.kind !== 'projection') throw new Error(`'${name}' is a reaction; only projections can be rebuilt`);
    const projection = loop.sub.projection;
    const started = Date.now();
    return loop.mutex.run(async () => {
      const leader = loop.leader || (await this.tryLead(loop));
      await this.dataSource.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`projection-batch:${name}`]);
        await projection.reset(tx);
        await tx.query(`DELETE FROM projection_checkpoints WHERE name = $1`, [name]);
        await tx.query(`DELETE FROM projection_parked_event WHERE projection = $1`, [name]);
      });
      loop.parkedStreams.clear();
      if (!leader) {
        const head = await this.eventStore.headPosition();
        const caughtUp = await this.waitFor(head, [name], timeoutMs);
        if (!caughtUp) throw new Error(`Projection '${name}' did not finish rebuilding within ${timeoutMs} ms`);
        const ms = Date.now() - started;
        return {
          name,
          events: 0,
          handled: 0,
          ms,
          eventsPerSecond: 0,
          local: false,
          parked: await this.parkedCount(name),
        };
      }
      loop.cursor = START;
      let events = 0;
      let handled = 0;
      let failures = 0;
      for (;;) {
        let batch: { read: number; handled: number };
        try {
          batch = await this.processBatch(loop, false);
          failures = 0;
        } catch (error) {
          // As when live: a batch that keeps failing is handled event by event and what still fails is parked.
          if (!(error instanceof HandleFailed)) throw error;
          if (++failures < this.options.maxBatchAttempts) {
            this.logger.warn(`Rebuild of '${name}': a batch failed (attempt ${failures}): ${error.message}`);
            continue;
          }
          batch = await this.isolate(loop, false);
          failures = 0;
        }
        if (batch.read === 0) break;
        events += batch.read;
        handled += batch.handled;
      }
      const ms = Date.now() - started;
      return {
        name,
        events,
        handled,
        ms,
        eventsPerSecond: Math.round((events * 1000) / Math.max(ms, 1)),
        local: true,
        parked: await this.parkedCount(name),
      };
    });
  }

  /**
   * Wakes the loops an append concerns: those that handle one of the types appended (every loop when the types are not
   * known). The others read past those events when they next run: on an append of their own types, a waitFor that
   * names them (it wakes the loops it waits for, not the others) or their poll. A burst of one module's events (a
   * notification's, say) then costs the other subscribers nothing, instead of a read and a checkpoint move each per
   * append or per wait of a reaction.
   */
  private wakeFor(types?: ReadonlySet<string>): void {
    if (!types) return this.wakeAll();
    for (const loop of this.loops.values()) {
      for (const type of types) {
        if (!loop.sub.types.has(type)) continue;
        rouse(loop);
        break;
      }
    }
  }

  /** Wakes the named loops of this process (a name it does not run is another process's, or unknown). */
  private wake(names: readonly string[]): void {
    for (const name of names) {
      const loop = this.loops.get(name);
      if (loop) rouse(loop);
    }
  }

  private wakeAll(): void {
    for (const loop of this.loops.values()) rouse(loop);
  }

  private sleep(loop: Loop, ms: number): Promise<void> {
    if (loop.woken || !this.running) {
      loop.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        loop.wake = undefined;
        loop.woken = false;
        resolve();
      }
      loop.wake = done;
    });
  }

  /**
   * Feeds one subscriber while running. A batch whose handle() fails is retried with backoff; after
   * maxBatchAttempts failures in a row it is handled event by event and an event that still fails is parked
   * (see isolate), so that one event never holds up the others. Other failures (database down, a reaction's
   * afterCommit) are retried with backoff until they pass: they are not the data's fault.
   */
  private async runLoop(loop: Loop): Promise<void> {
    let failures = 0;
    let handleFailures = 0;
    while (this.running) {
      try {
        const read = await loop.mutex.run(async () => {
          if (!this.running) return 0;
          if (!loop.leader && !(await this.tryLead(loop))) return -1;
          if (handleFailures >= this.options.maxBatchAttempts) return (await this.isolate(loop, true)).read;
          return (await this.processBatch(loop, true)).read;
        });
        failures = 0;
        handleFailures = 0;
        if (read === -1) await this.sleep(loop, this.options.leaseIntervalMs);
        else if (read === 0) await this.sleep(loop, this.options.pollIntervalMs);
      } catch (error) {
        if (error instanceof CheckpointMoved) {
          loop.cursor = undefined;
          continue;
        }
        failures++;
        if (error instanceof HandleFailed) handleFailures++;
        const delay = Math.min(100 * 2 ** (failures - 1), this.options.maxBackoffMs);
        // Parked events are logged at error level, once each; a retried attempt is a warning.
        this.logger.warn(
          `Subscriber '${loop.sub.name}' failed (attempt ${failures}, retrying in ${delay} ms): ${(error as Error).message}`,
        );
        loop.woken = false;
        if (handleFailures < this.options.maxBatchAttempts) await this.sleep(loop, delay);
      }
    }
  }

  /**
   * The next batch, one event per transaction. An event whose handle() fails maxEventAttempts times is parked in
   * `projection_parked_event` with the error, in the transaction that moves the checkpoint past it; the stream's
   * later events wait there behind it (so that a replay applies them in order). Logged once, at error level.
   */
  private async isolate(loop: Loop, runReactions: boolean): Promise<{ read: number; handled: number }> {
    const { sub } = loop;
    if (!loop.cursor) await this.loadCheckpoint(loop);
    const from = loop.cursor ?? START;
    const events = await this.readLog(from, sub.types);
    if (events.length === 0) return { read: 0, handled: 0 };
    let handled = 0;
    for (const event of events) {
      if (!sub.types.has(event.type)) continue;
      for (let attempt = 1; ; attempt++) {
        try {
          handled += await this.handleEvents(loop, [event], event.position, runReactions);
          break;
        } catch (error) {
          if (!(error instanceof HandleFailed)) throw error;
          if (attempt < this.options.maxEventAttempts) continue;
          await this.park(loop, event, errorText(error.failure), attempt);
          break;
        }
      }
    }
    const last = events[events.length - 1].position;
    if (comparePositions(loop.cursor ?? START, last) < 0) {
      await this.dataSource.transaction(async (tx) => {
        await this.fence(tx, loop, loop.cursor ?? START);
        await this.writeCheckpoint(tx, loop, last, false);
      });
      loop.cursor = last;
      if (sub.kind === 'reaction') loop.afterCommitCursor = last;
      this.progress.emit('progress');
    }
    return { read: events.length, handled };
  }

  /** Parks one event (checkpoint moved past it in the same transaction) and logs it once, at error level. */
  private async park(loop: Loop, event: StoredEvent, error: string, attempts: number): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await this.fence(tx, loop, loop.cursor ?? START);
      await this.insertParked(tx, loop.sub.name, [{ event, error, attempts }]);
      await this.writeCheckpoint(tx, loop, event.position, false);
    });
    loop.cursor = event.position;
    if (loop.sub.kind === 'reaction') loop.afterCommitCursor = event.position;
    loop.parkedStreams.add(event.streamId);
    this.progress.emit('progress');
    this.logger.error(
      `Subscriber '${loop.sub.name}' parked event ${event.eventId} (${event.type}, stream ${event.streamId} ` +
        `version ${event.streamVersion}, position ${event.position.commit}/${event.position.prepare}) after ` +
        `${attempts} attempts: ${error}. Replay it after a fix: npm run replay-parked -- ${loop.sub.name}`,
    );
  }

  private async insertParked(
    tx: EntityManager,
    name: string,
    parked: { event: StoredEvent; error: string; attempts: number }[],
  ): Promise<void> {
    if (parked.length === 0) return;
    await tx.query(
      `INSERT INTO projection_parked_event
         (projection, event_id, stream_id, stream_version, event_type, commit, prepare, error, attempts, parked_at)
       SELECT $1, r.event_id, r.stream_id, r.stream_version, r.event_type, r.commit, r.prepare, r.error, r.attempts, now()
         FROM json_to_recordset($2::json) AS r(event_id uuid, stream_id text, stream_version int, event_type text,
              commit numeric, prepare numeric, error text, attempts int)
       ON CONFLICT (projection, event_id) DO UPDATE SET error = EXCLUDED.error, attempts = EXCLUDED.attempts`,
      [
        name,
        JSON.stringify(
          parked.map(({ event, error, attempts }) => ({
            event_id: event.eventId,
            stream_id: event.streamId,
            stream_version: event.streamVersion,
            event_type: event.type,
            commit: event.position.commit.toString(),
            prepare: event.position.prepare.toString(),
            error,
            attempts,
          })),
        ),
      ],
    );
  }

  /** Refreshes the subscriber's parked streams (only while it has some: a replay may have released them). */
  private async refreshParkedStreams(loop: Loop, tx: EntityManager): Promise<void> {
    if (loop.parkedStreams.size === 0) return;
    const rows: { stream_id: string }[] = await tx.query(
      'SELECT DISTINCT stream_id FROM projection_parked_event WHERE projection = $1',
      [loop.sub.name],
    );
    loop.parkedStreams = new Set(rows.map((row) => row.stream_id));
  }

  /** The runner's view of every subscriber: lag behind the log (capped) and parked events. */
  async status(): Promise<SubscriberStatus[]> {
    const parked: { projection: string; n: string }[] = await this.dataSource.query(
      'SELECT projection, count(*)::text AS n FROM projection_parked_event GROUP BY projection',
    );
    const parkedBy = new Map(parked.map((row) => [row.projection, Number(row.n)]));
    const checkpoints: { name: string; commit: string; prepare: string }[] = await this.dataSource.query(
      'SELECT name, commit::text AS commit, prepare::text AS prepare FROM projection_checkpoints',
    );
    const cursorOf = new Map(checkpoints.map((row) => [row.name, parsePosition(row.commit, row.prepare) ?? START]));
    const result: SubscriberStatus[] = [];
    for (const loop of this.loops.values()) {
      const after = cursorOf.get(loop.sub.name) ?? START;
      // The types filter leaves the payloads out: counting costs an index scan of at most LAG_COUNT_LIMIT rows. Only
      // the events of the subscriber's types count: it reads past the others when it next runs (see wakeFor).
      const behind = await this.eventStore.readAll({ after, maxCount: LAG_COUNT_LIMIT, types: [] });
      result.push({
        name: loop.sub.name,
        kind: loop.sub.kind,
        lag: behind.filter((event) => loop.sub.types.has(event.type)).length,
        lagCapped: behind.length >= LAG_COUNT_LIMIT,
        parked: parkedBy.get(loop.sub.name) ?? 0,
      });
    }
    return result;
  }

  private async parkedCount(name: string): Promise<number> {
    const [row]: { n: string }[] = await this.dataSource.query(
      'SELECT count(*)::text AS n FROM projection_parked_event WHERE projection = $1',
      [name],
    );
    return Number(row.n);
  }

  async parkedEvents(name?: string): Promise<ParkedEvent[]> {
    const rows: {
      projection: string;
      event_id: string;
      stream_id: string;
      stream_version: number;
      event_type: string;
      commit: string;
      prepare: string;
      error: string;
      attempts: number;
      parked_at: Date;
    }[] = await this.dataSource.query(
      `SELECT projection, event_id, stream_id, stream_version, event_type, commit::text AS commit,
              prepare::text AS prepare, error, attempts, parked_at
         FROM projection_parked_event WHERE ($1::text IS NULL OR projection = $1)
        ORDER BY projection, commit, prepare`,
      [name ?? null],
    );
    return rows.map((row) => ({
      projection: row.projection,
      eventId: row.event_id,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      type: row.event_type,
      position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
      error: row.error,
      attempts: row.attempts,
      parkedAt: new Date(row.parked_at),
    }));
  }

  /**
   * Applies a subscriber's parked events again, in log order, after a fix (`npm run replay-parked -- <name>`).
   * Each goes in its own transaction, under the subscriber's batch lock (so a running leader never interleaves);
   * a replayed event leaves the table. One that fails again stays with the new error, and so do the later events
   * of its stream. Reactions also run afterCommit for a replayed event.
   */
  async replayParked(name: string): Promise<ReplayResult> {
    const loop = this.loops.get(name);
    if (!loop)
      throw new Error(`Unknown projection or reaction '${name}' (known: ${[...this.loops.keys()].join(', ')})`);
    const { sub } = loop;
    const blocked = new Set<string>();
    let replayed = 0;
    for (const parked of await this.parkedEvents(name)) {
      if (blocked.has(parked.streamId)) continue;
      const event = (await this.eventStore.readStream(parked.streamId, parked.streamVersion)).find(
        (candidate) => candidate.eventId === parked.eventId,
      );
      try {
        await this.dataSource.transaction(async (tx) => {
          await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`projection-batch:${name}`]);
          if (event && sub.types.has(event.type)) {
            if (sub.kind === 'projection') await sub.projection.handle([event], tx);
            else if (sub.reaction.handle) await sub.reaction.handle([event], tx);
          }
          await tx.query('DELETE FROM projection_parked_event WHERE projection = $1 AND event_id = $2', [
            name,
            parked.eventId,
          ]);
        });
        if (event && sub.kind === 'reaction' && sub.types.has(event.type)) await sub.reaction.afterCommit?.([event]);
        replayed++;
      } catch (error) {
        blocked.add(parked.streamId);
        await this.dataSource.query(
          `UPDATE projection_parked_event SET error = $3, attempts = attempts + 1 WHERE projection = $1 AND event_id = $2`,
          [name, parked.eventId, errorText(error)],
        );
        this.logger.error(`Replay of parked event ${parked.eventId} for '${name}' failed again: ${errorText(error)}`);
      }
    }
    const left = await this.parkedCount(name);
    const streams: { stream_id: string }[] = await this.dataSource.query(
      'SELECT DISTINCT stream_id FROM projection_parked_event WHERE projection = $1',
      [name],
    );
    loop.parkedStreams = new Set(streams.map((row) => row.stream_id));
    return { name, replayed, stillParked: left };
  }

  /**
   * The batch after `after` (up to batchSize events), with the payloads of `types`. The subscribers woken by one
   * append mostly wait at the same position: their reads are gathered until the event loop's current turn is over and
   * sent as ONE query (the union of their types), whose events they all receive, each handling its own types; a read
   * of the same position already sent serves a subscriber whose types it covers. Sharing is safe because the log
   * after a position only grows at its end (readAll reads only transactions below the oldest running one): any read
   * of it is a prefix of a later one, so each subscriber gets a batch it could have read itself. The events are
   * shared between the subscribers: handlers read them and never change them.
   */
  private readLog(after: Position, types: ReadonlySet<string>): Promise<StoredEvent[]> {
    const key = `${after.commit}:${after.prepare}`;
    const shared = this.sharedReads.get(key);
    if (shared && !shared.sent) {
      for (const type of types) shared.types.add(type);
      return shared.events;
    }
    if (shared && [...types].every((type) => shared.types.has(type))) return shared.events;
    const read: SharedRead = { types: new Set(types), sent: false, events: Promise.resolve([]) };
    read.events = new Promise<StoredEvent[]>((resolve, reject) => {
      setImmediate(() => {
        read.sent = true;
        Promise.resolve()
          .then(() => this.eventStore.readAll({ after, maxCount: this.options.batchSize, types: [...read.types] }))
          .then(resolve, reject)
          .finally(() => {
            if (this.sharedReads.get(key) === read) this.sharedReads.delete(key);
          });
      });
    });
    this.sharedReads.set(key, read);
    return read.events;
  }

  /** One batch: read after the checkpoint, handle + move the checkpoint in one transaction, then afterCommit. */
  private async processBatch(loop: Loop, runReactions: boolean): Promise<{ read: number; handled: number }> {
    const { sub } = loop;
    if (!loop.cursor) await this.loadCheckpoint(loop);
    const from = loop.cursor ?? START;

    if (sub.kind === 'reaction' && runReactions && sub.reaction.afterCommit && loop.afterCommitCursor) {
      if (comparePositions(loop.afterCommitCursor, from) < 0) {
        await this.redoAfterCommit(loop, sub.reaction, from);
        return { read: 1, handled: 0 };
      }
    }

    const events = await this.readLog(from, sub.types);
    if (events.length === 0) return { read: 0, handled: 0 };
    const last = events[events.length - 1].position;
    const handled = await this.handleEvents(loop, events, last, runReactions);
    return { read: events.length, handled };
  }

  /**
   * handle() of the subscriber's events among `events` and the checkpoint moved to `last`, in one transaction
   * (events of a stream with a parked event are parked behind it instead), then afterCommit for reactions.
   * A failure of handle() is raised as HandleFailed. Returns how many events were handled.
   */
  private async handleEvents(
    loop: Loop,
    events: StoredEvent[],
    last: Position,
    runReactions: boolean,
  ): Promise<number> {
    const { sub } = loop;
    const from = loop.cursor ?? START;
    let relevant = events.filter((event) => sub.types.has(event.type));
    let held: StoredEvent[] = [];
    const pendingAfterCommit = () => sub.kind === 'reaction' && !!sub.reaction.afterCommit && relevant.length > 0;

    // Nothing to write but the checkpoint: no event of the subscriber's types (the common case: most subscribers see
    // a batch of other modules' events), or a reaction that acts only after the commit. The checkpoint then moves by
    // one conditional statement instead of a transaction of four; its condition is the fence. Nothing is parked on
    // this path: there is no event to hold, or no stream of the subscriber has a parked event.
    const bookkeepingOnly =
      relevant.length === 0 || (sub.kind === 'reaction' && !sub.reaction.handle && loop.parkedStreams.size === 0);
    if (bookkeepingOnly && comparePositions(from, START) > 0) {
      const pending = pendingAfterCommit();
      await this.moveCheckpoint(loop, from, last, pending);
      loop.cursor = last;
      if (!pending && sub.kind === 'reaction') loop.afterCommitCursor = last;
      this.progress.emit('progress');
      if (runReactions && pending && sub.kind === 'reaction' && sub.reaction.afterCommit) {
        await sub.reaction.afterCommit(relevant);
        await this.writeAfterCommit(loop, last);
      }
      return relevant.length;
    }

    await this.dataSource.transaction(async (tx) => {
      await this.fence(tx, loop, from);
      await this.refreshParkedStreams(loop, tx);
      if (loop.parkedStreams.size > 0) {
        held = relevant.filter((event) => loop.parkedStreams.has(event.streamId));
        relevant = relevant.filter((event) => !loop.parkedStreams.has(event.streamId));
        await this.insertParked(
          tx,
          sub.name,
          held.map((event) => ({ event, error: HELD_BEHIND_MESSAGE, attempts: 0 })),
        );
      }
      if (relevant.length > 0) {
        try {
          if (sub.kind === 'projection') await sub.projection.handle(relevant, tx);
          else if (sub.reaction.handle) await sub.reaction.handle(relevant, tx);
        } catch (error) {
          throw new HandleFailed(error);
        }
      }
      await this.writeCheckpoint(tx, loop, last, pendingAfterCommit());
    });
    loop.cursor = last;
    if (!pendingAfterCommit()) loop.afterCommitCursor = sub.kind === 'reaction' ? last : undefined;
    this.progress.emit('progress');

    if (runReactions && pendingAfterCommit() && sub.kind === 'reaction' && sub.reaction.afterCommit) {
      await sub.reaction.afterCommit(relevant);
      await this.writeAfterCommit(loop, last);
    }
    return relevant.length;
  }

  /** Runs afterCommit again for (afterCommitCursor, checkpoint]: what a crash may have left undone. */
  private async redoAfterCommit(loop: Loop, reaction: Reaction, upTo: Position): Promise<void> {
    const after = loop.afterCommitCursor ?? START;
    const events = (await this.readLog(after, loop.sub.types)).filter(
      (event) => comparePositions(event.position, upTo) <= 0,
    );
    const relevant = events.filter((event) => loop.sub.types.has(event.type));
    if (relevant.length > 0) await reaction.afterCommit?.(relevant);
    await this.writeAfterCommit(loop, events.length > 0 ? events[events.length - 1].position : upTo);
  }

  private async fence(tx: EntityManager, loop: Loop, expected: Position): Promise<void> {
    const [row]: { commit: string | null; prepare: string | null }[] = await tx.query(
      `SELECT pg_advisory_xact_lock(hashtextextended($1, 0)) AS locked,
        (SELECT commit::text FROM projection_checkpoints WHERE name = $2) AS commit,
        (SELECT prepare::text FROM projection_checkpoints WHERE name = $2) AS prepare`,
      [`projection-batch:${loop.sub.name}`, loop.sub.name],
    );
    const stored = parsePosition(row.commit, row.prepare) ?? START;
    if (comparePositions(stored, expected) !== 0) throw new CheckpointMoved(`checkpoint of ${loop.sub.name} moved`);
  }

  /**
   * Moves a stored checkpoint from `from` to `to` in one statement; for a reaction with nothing pending after the
   * commit, the after-commit position too. A checkpoint that is no longer at `from` (a rebuild reset it, another
   * leader moved it) is left alone and raises CheckpointMoved, as the fence does; a rebuild holding the row waits for
   * nothing longer than this statement.
   */
  private async moveCheckpoint(loop: Loop, from: Position, to: Position, pendingAfterCommit: boolean): Promise<void> {
    let moves = this.pendingMoves;
    if (!moves) {
      const gathered: CheckpointMove[] = [];
      moves = this.pendingMoves = {
        moves: gathered,
        moved: new Promise<Set<string>>((resolve, reject) => {
          setImmediate(() => {
            this.pendingMoves = undefined;
            Promise.resolve()
              .then(() => this.moveCheckpoints(gathered))
              .then(resolve, reject);
          });
        }),
      };
    }
    moves.moves.push({
      name: loop.sub.name,
      from_commit: from.commit.toString(),
      from_prepare: from.prepare.toString(),
      to_commit: to.commit.toString(),
      to_prepare: to.prepare.toString(),
      after_commit: loop.sub.kind === 'reaction' && !pendingAfterCommit,
    });
    const moved = await moves.moved;
    if (!moved.has(loop.sub.name)) throw new CheckpointMoved(`checkpoint of ${loop.sub.name} moved`);
  }

  /**
   * The checkpoint moves gathered in one turn of the event loop, in one statement (one commit for the subscribers
   * that one append woke). Each row moves only from the position its subscriber read from; returns the names moved.
   */
  private async moveCheckpoints(moves: CheckpointMove[]): Promise<Set<string>> {
    const rows: { name: string }[] = await this.dataSource.query(
      `WITH moved AS (
         UPDATE projection_checkpoints c SET commit = m.to_commit, prepare = m.to_prepare,
                after_commit_commit = CASE WHEN m.after_commit THEN m.to_commit ELSE c.after_commit_commit END,
                after_commit_prepare = CASE WHEN m.after_commit THEN m.to_prepare ELSE c.after_commit_prepare END,
                updated_at = now()
           FROM json_to_recordset($1::json) AS m(name text, from_commit numeric, from_prepare numeric,
                                                 to_commit numeric, to_prepare numeric, after_commit boolean)
          WHERE c.name = m.name AND c.commit = m.from_commit AND c.prepare = m.from_prepare
         RETURNING c.name)
       SELECT name FROM moved`,
      [JSON.stringify(moves)],
    );
    return new Set(rows.map((row) => row.name));
  }

  private async writeCheckpoint(tx: EntityManager, loop: Loop, position: Position, pending: boolean): Promise<void> {
    const isReaction = loop.sub.kind === 'reaction';
    const params = [loop.sub.name, position.commit.toString(), position.prepare.toString()];
    if (!isReaction || pending) {
      await tx.query(
        `INSERT INTO projection_checkpoints (name, commit, prepare, updated_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (name) DO UPDATE SET commit = EXCLUDED.commit, prepare = EXCLUDED.prepare, updated_at = now()`,
        params,
      );
    } else {
      await tx.query(
        `INSERT INTO projection_checkpoints (name, commit, prepare, after_commit_commit, after_commit_prepare, updated_at)
         VALUES ($1, $2, $3, $2, $3, now())
         ON CONFLICT (name) DO UPDATE SET commit = EXCLUDED.commit, prepare = EXCLUDED.prepare,
           after_commit_commit = EXCLUDED.commit, after_commit_prepare = EXCLUDED.prepare, updated_at = now()`,
        params,
      );
    }
  }

  private async writeAfterCommit(loop: Loop, position: Position): Promise<void> {
    await this.dataSource.query(
      `UPDATE projection_checkpoints SET after_commit_commit = $2, after_commit_prepare = $3 WHERE name = $1`,
      [loop.sub.name, position.commit.toString(), position.prepare.toString()],
    );
    loop.afterCommitCursor = position;
    this.progress.emit('progress');
  }

  private async loadCheckpoint(loop: Loop): Promise<void> {
    const { sub } = loop;
    const rows: { commit: string; prepare: string; ac_commit: string | null; ac_prepare: string | null }[] =
      await this.dataSource.query(SELECT_CHECKPOINT, [sub.name]);
    if (rows.length === 0 && sub.kind === 'reaction' && sub.reaction.startAt === 'head') {
      await this.initHeadCheckpoint(sub.name);
      return this.loadCheckpoint(loop);
    }
    const row = rows[0];
    const parked: { stream_id: string }[] = await this.dataSource.query(
      'SELECT DISTINCT stream_id FROM projection_parked_event WHERE projection = $1',
      [sub.name],
    );
    loop.parkedStreams = new Set(parked.map((p) => p.stream_id));
    loop.cursor = parsePosition(row?.commit, row?.prepare) ?? START;
    loop.afterCommitCursor =
      sub.kind === 'reaction' ? (parsePosition(row?.ac_commit, row?.ac_prepare) ?? loop.cursor) : undefined;
  }

  /** A reaction added to a running system acts on new events only: its first checkpoint is the head. */
  private async initHeadCheckpoint(name: string): Promise<void> {
    const head = await this.eventStore.headPosition();
    await this.dataSource.query(
      `INSERT INTO projection_checkpoints (name, commit, prepare, after_commit_commit, after_commit_prepare)
       VALUES ($1, $2, $3, $2, $3) ON CONFLICT (name) DO NOTHING`,
      [name, head.commit.toString(), head.prepare.toString()],
    );
  }

  /** Takes the subscriber's leader lock (session advisory lock on the dedicated connection) if free. */
  private async tryLead(loop: Loop): Promise<boolean> {
    let runner: QueryRunner;
    try {
      runner = await this.lockConnection();
      const [row]: { ok: boolean }[] = await this.lockMutex.run(() =>
        runner.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [
          `projection-leader:${loop.sub.name}`,
        ]),
      );
      if (!row.ok) return false;
    } catch (error) {
      await this.lostLockConnection(error as Error);
      throw error;
    }
    loop.leader = true;
    loop.cursor = undefined;
    return true;
  }

  private lockConnection(): Promise<QueryRunner> {
    this.lockRunnerReady ??= (async () => {
      const runner = this.dataSource.createQueryRunner();
      await runner.connect();
      this.lockRunner = runner;
      return runner;
    })();
    return this.lockRunnerReady;
  }

  /** The leader locks live as long as their connection: check it, and step down if it is gone. */
  private async checkLockConnection(): Promise<void> {
    const runner = this.lockRunner;
    if (!runner) return;
    try {
      await this.lockMutex.run(() => runner.query('SELECT 1'));
    } catch (error) {
      await this.lostLockConnection(error as Error);
    }
  }

  private async lostLockConnection(error: Error): Promise<void> {
    const runner = this.lockRunner;
    this.lockRunner = undefined;
    this.lockRunnerReady = undefined;
    for (const loop of this.loops.values()) {
      loop.leader = false;
      loop.cursor = undefined;
    }
    this.logger.warn(`Projection leader connection lost (${error.message}); leadership will be retaken`);
    // Releasing with the error makes the pool discard the broken connection instead of reusing it.
    const releasable = runner as unknown as { releasePostgresConnection?(err: Error): Promise<void> } | undefined;
    await (releasable?.releasePostgresConnection?.(error) ?? runner?.release())?.catch(() => undefined);
  }

  private async releaseLockConnection(): Promise<void> {
    const runner = this.lockRunner;
    this.lockRunner = undefined;
    this.lockRunnerReady = undefined;
    if (!runner) return;
    await this.lockMutex.run(() => runner.query('SELECT pg_advisory_unlock_all()')).catch(() => undefined);
    await runner.release().catch(() => undefined);
  }
}

/** Rebuilds a projection and prints what it did (used by `npm run rebuild -- <projection>`). */
export async function rebuildProjection(
  runner: ProjectionRunner,
  name: string,
  print: (line: string) => void = (line) => console.log(line),
): Promise<RebuildResult> {
  print(`Rebuilding projection '${name}' from zero...`);
  const result = await runner.rebuild(name);
  if (result.local) {
    print(
      `Rebuilt '${name}': ${result.events} events read, ${result.handled} handled in ${result.ms} ms ` +
        `(${result.eventsPerSecond} events/s)`,
    );
  } else {
    print(`'${name}' is fed by another running process; it rebuilt the projection in ${result.ms} ms`);
  }
  if (result.parked > 0) {
    print(
      `${result.parked} events could not be handled and are parked (see the log); after a fix: npm run replay-parked -- ${name}`,
    );
  }
  return result;
}

/** Replays a subscriber's parked events and prints what it did (used by `npm run replay-parked -- <name>`). */
export async function replayParkedEvents(
  runner: ProjectionRunner,
  name: string,
  print: (line: string) => void = (line) => console.log(line),
): Promise<ReplayResult> {
  const parked = await runner.parkedEvents(name);
  print(`Replaying ${parked.length} parked events of '${name}'...`);
  const result = await runner.replayParked(name);
  print(`Replayed ${result.replayed} events of '${name}'; ${result.stillParked} still parked`);
  for (const event of await runner.parkedEvents(name)) {
    print(
      `  still parked: ${event.eventId} ${event.type} (stream ${event.streamId} v${event.streamVersion}): ${event.error}`,
    );
  }
  return result;
}

export type { StoredEvent };

/** Makes a loop run at once: it leaves its sleep, or skips the next one if it is busy. */
function rouse(loop: Loop): void {
  loop.woken = true;
  loop.wake?.();
}

/** Where a loop of this process stands: its checkpoint, or with `afterCommit` a reaction's finished after-commit work. */
function cursorOf(loop: Loop, afterCommit: boolean): Position | undefined {
  return afterCommit && loop.sub.kind === 'reaction' ? loop.afterCommitCursor : loop.cursor;
}
