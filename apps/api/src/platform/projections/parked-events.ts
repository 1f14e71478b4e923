/**
 * The dead-letter table `projection_parked_event`: parking an event that keeps failing (and the later events of its
 * stream behind it), listing and counting what is parked, and replaying it after a fix.
 */
import type { EventEmitter } from 'node:events';
import type { DataSource, EntityManager } from 'typeorm';
import { START, type EventStore, type Position, type StoredEvent } from '../event-store/event-store.port';
import type { Checkpoints } from './checkpoints';
import type { ProjectionRunner } from './projection-runner';
import type { Loop, RunnerLogger } from './subscriber-loop';

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

const MAX_ERROR_LENGTH = 2000;
/** Why an event waits in the dead-letter table without having failed itself. */
export const HELD_BEHIND_MESSAGE = 'Held behind a parked event of the same stream';

export const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);

export class ParkedEvents {
  constructor(
    private readonly dataSource: DataSource,
    private readonly eventStore: EventStore,
    private readonly checkpoints: Checkpoints,
    private readonly progress: EventEmitter,
    private readonly logger: RunnerLogger,
  ) {}

  /** Parks one event (checkpoint moved past it in the same transaction) and logs it once, at error level. */
  async park(loop: Loop, event: StoredEvent, error: string, attempts: number): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await this.checkpoints.fence(tx, loop, loop.cursor ?? START);
      await this.insert(tx, loop.sub.name, [{ event, error, attempts }]);
      await this.checkpoints.write(tx, loop, event.position, false);
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

  async insert(
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

  /** The streams with a parked event for the subscriber. */
  async streamsOf(name: string, db: DataSource | EntityManager = this.dataSource): Promise<Set<string>> {
    const rows: { stream_id: string }[] = await db.query(
      'SELECT DISTINCT stream_id FROM projection_parked_event WHERE projection = $1',
      [name],
    );
    return new Set(rows.map((row) => row.stream_id));
  }

  /** Refreshes the subscriber's parked streams (only while it has some: a replay may have released them). */
  async refreshStreams(loop: Loop, tx: EntityManager): Promise<void> {
    if (loop.parkedStreams.size === 0) return;
    loop.parkedStreams = await this.streamsOf(loop.sub.name, tx);
  }

  async count(name: string): Promise<number> {
    const [row]: { n: string }[] = await this.dataSource.query(
      'SELECT count(*)::text AS n FROM projection_parked_event WHERE projection = $1',
      [name],
    );
    return Number(row.n);
  }

  /** How many events each subscriber has parked (subscribers with none are left out). */
  async countBySubscriber(): Promise<Map<string, number>> {
    const parked: { projection: string; n: string }[] = await this.dataSource.query(
      'SELECT projection, count(*)::text AS n FROM projection_parked_event GROUP BY projection',
    );
    return new Map(parked.map((row) => [row.projection, Number(row.n)]));
  }

  async list(name?: string): Promise<ParkedEvent[]> {
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
  async replay(loop: Loop): Promise<ReplayResult> {
    const { sub } = loop;
    const name = sub.name;
    const blocked = new Set<string>();
    let replayed = 0;
    for (const parked of await this.list(name)) {
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
    const left = await this.count(name);
    loop.parkedStreams = await this.streamsOf(name);
    return { name, replayed, stillParked: left };
  }
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
