/**
 * Rebuilding a projection from zero: reset it and its checkpoint in one transaction, then catch up to the head of the
 * log (or wait for the process that leads it to do so).
 */
import type { DataSource } from 'typeorm';
import { START, type EventStore, type Position } from '../event-store/event-store.port';
import type { ParkedEvents } from './parked-events';
import type { Projection } from './projection';
import type { ProjectionRunner } from './projection-runner';
import type { Leadership } from './leadership';
import { HandleFailed, type Loop, type RunnerLogger } from './subscriber-loop';

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

type Batch = (loop: Loop, runReactions: boolean) => Promise<{ read: number; handled: number }>;

/** What a rebuild uses of the runner: its batches (as when live, reactions not run) and its waits. */
export interface RebuildDeps {
  dataSource: DataSource;
  eventStore: EventStore;
  leadership: Leadership;
  parked: ParkedEvents;
  logger: RunnerLogger;
  maxBatchAttempts: number;
  processBatch: Batch;
  isolate: Batch;
  waitFor: (position: Position, names: string[], timeoutMs: number) => Promise<boolean>;
}

/** See ProjectionRunner.rebuild: `loop` is the projection's, `started` when the rebuild was asked for. */
export function rebuildLoop(
  deps: RebuildDeps,
  loop: Loop,
  projection: Projection,
  timeoutMs: number,
  started: number,
): Promise<RebuildResult> {
  const { name } = loop.sub;
  return loop.mutex.run(async () => {
    const leader = loop.leader || (await deps.leadership.tryLead(loop));
    await deps.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`projection-batch:${name}`]);
      await projection.reset(tx);
      await tx.query(`DELETE FROM projection_checkpoints WHERE name = $1`, [name]);
      await tx.query(`DELETE FROM projection_parked_event WHERE projection = $1`, [name]);
    });
    loop.parkedStreams.clear();
    if (!leader) {
      const head = await deps.eventStore.headPosition();
      const caughtUp = await deps.waitFor(head, [name], timeoutMs);
      if (!caughtUp) throw new Error(`Projection '${name}' did not finish rebuilding within ${timeoutMs} ms`);
      const ms = Date.now() - started;
      return {
        name,
        events: 0,
        handled: 0,
        ms,
        eventsPerSecond: 0,
        local: false,
        parked: await deps.parked.count(name),
      };
    }
    loop.cursor = START;
    let events = 0;
    let handled = 0;
    let failures = 0;
    for (;;) {
      let batch: { read: number; handled: number };
      try {
        batch = await deps.processBatch(loop, false);
        failures = 0;
      } catch (error) {
        // As when live: a batch that keeps failing is handled event by event and what still fails is parked.
        if (!(error instanceof HandleFailed)) throw error;
        if (++failures < deps.maxBatchAttempts) {
          deps.logger.warn(`Rebuild of '${name}': a batch failed (attempt ${failures}): ${error.message}`);
          continue;
        }
        batch = await deps.isolate(loop, false);
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
      parked: await deps.parked.count(name),
    };
  });
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
