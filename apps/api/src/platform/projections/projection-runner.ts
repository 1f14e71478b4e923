/**
 * The runner: registers subscribers, starts and stops their loops, and is the loop itself (read the log, handle a
 * batch and move the checkpoint, isolate a failing event). Leadership, checkpoints, parked events, rebuilds and
 * read-your-writes waits are its collaborators, one file each.
 */
import { EventEmitter } from 'node:events';
import type { DataSource } from 'typeorm';
import {
  START,
  comparePositions,
  type EventStore,
  type Position,
  type StoredEvent,
} from '../event-store/event-store.port';
import { CheckpointMoved, Checkpoints } from './checkpoints';
import { Leadership } from './leadership';
import { HELD_BEHIND_MESSAGE, ParkedEvents, errorText, type ParkedEvent, type ReplayResult } from './parked-events';
import type { Projection, Reaction } from './projection';
import { rebuildLoop, type RebuildDeps, type RebuildResult } from './rebuild';
import {
  HandleFailed,
  newLoop,
  sleep,
  wakeAll,
  wakeFor,
  type Loop,
  type RunnerLogger,
  type Subscriber,
} from './subscriber-loop';
import { SharedLogReads } from './shared-log-reads';
import { Waits } from './waits';

export { HELD_BEHIND_MESSAGE, replayParkedEvents, type ParkedEvent, type ReplayResult } from './parked-events';
export { rebuildProjection, type RebuildResult } from './rebuild';
export type { RunnerLogger } from './subscriber-loop';

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

export const LAG_COUNT_LIMIT = 1000;

const consoleLogger: RunnerLogger = {
  log: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error),
};

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
  private readonly log: SharedLogReads;
  private readonly leadership: Leadership;
  private readonly checkpoints: Checkpoints;
  private readonly parked: ParkedEvents;
  private readonly waits: Waits;
  private readonly rebuildDeps: RebuildDeps;

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
    this.log = new SharedLogReads(eventStore, this.options.batchSize);
    this.leadership = new Leadership(dataSource, this.loops, this.logger);
    this.checkpoints = new Checkpoints(dataSource, eventStore, this.progress);
    this.parked = new ParkedEvents(dataSource, eventStore, this.checkpoints, this.progress, this.logger);
    this.waits = new Waits(dataSource, this.loops, this.progress, this.logger);
    this.rebuildDeps = {
      dataSource,
      eventStore,
      leadership: this.leadership,
      parked: this.parked,
      logger: this.logger,
      maxBatchAttempts: this.options.maxBatchAttempts,
      processBatch: (loop, runReactions) => this.processBatch(loop, runReactions),
      isolate: (loop, runReactions) => this.isolate(loop, runReactions),
      waitFor: (position, names, timeoutMs) => this.waitFor(position, names, timeoutMs),
    };
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
    const loop = newLoop(sub);
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
        await this.checkpoints.initHead(loop.sub.name);
    }
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.eventStore.onAppended((types) => {
      wakeFor(this.loops, types);
      this.waits.wakeWaiting();
    });
    this.leadership.watch(this.options.leaseIntervalMs);
    for (const loop of this.loops.values()) loop.done = this.runLoop(loop);
  }

  /** Stops every loop after its in-flight batch and gives up leadership. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.leadership.unwatch();
    wakeAll(this.loops);
    await Promise.all([...this.loops.values()].map((loop) => loop.done));
    for (const loop of this.loops.values()) {
      loop.done = undefined;
      loop.leader = false;
      loop.cursor = undefined;
    }
    await this.leadership.release();
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
  waitFor(
    position: Position,
    names?: string[],
    timeoutMs = 5000,
    options: { afterCommit?: boolean } = {},
  ): Promise<boolean> {
    return this.waits.waitFor(position, names ?? this.projectionNames(), timeoutMs, options);
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
    return rebuildLoop(this.rebuildDeps, loop, projection, timeoutMs, started);
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
          if (!loop.leader && !(await this.leadership.tryLead(loop))) return -1;
          if (handleFailures >= this.options.maxBatchAttempts) return (await this.isolate(loop, true)).read;
          return (await this.processBatch(loop, true)).read;
        });
        failures = 0;
        handleFailures = 0;
        if (read === -1) await sleep(loop, this.running, this.options.leaseIntervalMs);
        else if (read === 0) await sleep(loop, this.running, this.options.pollIntervalMs);
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
        if (handleFailures < this.options.maxBatchAttempts) await sleep(loop, this.running, delay);
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
    const events = await this.log.read(from, sub.types);
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
          await this.parked.park(loop, event, errorText(error.failure), attempt);
          break;
        }
      }
    }
    const last = events[events.length - 1].position;
    if (comparePositions(loop.cursor ?? START, last) < 0) {
      await this.dataSource.transaction(async (tx) => {
        await this.checkpoints.fence(tx, loop, loop.cursor ?? START);
        await this.checkpoints.write(tx, loop, last, false);
      });
      loop.cursor = last;
      if (sub.kind === 'reaction') loop.afterCommitCursor = last;
      this.progress.emit('progress');
    }
    return { read: events.length, handled };
  }

  /** The runner's view of every subscriber: lag behind the log (capped) and parked events. */
  async status(): Promise<SubscriberStatus[]> {
    const parkedBy = await this.parked.countBySubscriber();
    const checkpointOf = await this.checkpoints.all();
    const result: SubscriberStatus[] = [];
    for (const loop of this.loops.values()) {
      const after = checkpointOf.get(loop.sub.name) ?? START;
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

  parkedEvents(name?: string): Promise<ParkedEvent[]> {
    return this.parked.list(name);
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
    return this.parked.replay(loop);
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

    const events = await this.log.read(from, sub.types);
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
      await this.checkpoints.move(loop, from, last, pending);
      loop.cursor = last;
      if (!pending && sub.kind === 'reaction') loop.afterCommitCursor = last;
      this.progress.emit('progress');
      if (runReactions && pending && sub.kind === 'reaction' && sub.reaction.afterCommit) {
        await sub.reaction.afterCommit(relevant);
        await this.checkpoints.writeAfterCommit(loop, last);
      }
      return relevant.length;
    }

    await this.dataSource.transaction(async (tx) => {
      await this.checkpoints.fence(tx, loop, from);
      await this.parked.refreshStreams(loop, tx);
      if (loop.parkedStreams.size > 0) {
        held = relevant.filter((event) => loop.parkedStreams.has(event.streamId));
        relevant = relevant.filter((event) => !loop.parkedStreams.has(event.streamId));
        await this.parked.insert(
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
      await this.checkpoints.write(tx, loop, last, pendingAfterCommit());
    });
    loop.cursor = last;
    if (!pendingAfterCommit()) loop.afterCommitCursor = sub.kind === 'reaction' ? last : undefined;
    this.progress.emit('progress');

    if (runReactions && pendingAfterCommit() && sub.kind === 'reaction' && sub.reaction.afterCommit) {
      await sub.reaction.afterCommit(relevant);
      await this.checkpoints.writeAfterCommit(loop, last);
    }
    return relevant.length;
  }

  /** Runs afterCommit again for (afterCommitCursor, checkpoint]: what a crash may have left undone. */
  private async redoAfterCommit(loop: Loop, reaction: Reaction, upTo: Position): Promise<void> {
    const after = loop.afterCommitCursor ?? START;
    const events = (await this.log.read(after, loop.sub.types)).filter(
      (event) => comparePositions(event.position, upTo) <= 0,
    );
    const relevant = events.filter((event) => loop.sub.types.has(event.type));
    if (relevant.length > 0) await reaction.afterCommit?.(relevant);
    await this.checkpoints.writeAfterCommit(loop, events.length > 0 ? events[events.length - 1].position : upTo);
  }

  /** Loads the loop's checkpoint and the streams it has parked events of. */
  private async loadCheckpoint(loop: Loop): Promise<void> {
    const stored = await this.checkpoints.load(loop.sub);
    loop.parkedStreams = await this.parked.streamsOf(loop.sub.name);
    loop.cursor = stored.cursor;
    loop.afterCommitCursor = stored.afterCommitCursor;
  }
}

export type { StoredEvent };
