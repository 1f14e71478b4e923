/**
 * The verifier's replay: every projection fed the log up to its own position, into the scratch schema.
 */
import type { QueryRunner } from 'typeorm';
import { START, comparePositions, type Position, type StoredEvent } from '../event-store/event-store.port';
import type { Projection } from './projection';
import type { ReadModelVerifierOptions } from './read-model-verifier';

export interface EventProblem {
  projection: string;
  eventId: string;
  type: string;
  streamId: string;
  streamVersion: number;
  error: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Feeds every projection the log up to its own position, batch by batch in global order, on the transaction whose
 * search_path is the scratch schema. A batch that fails is applied again event by event; an event that still fails
 * is reported and the later events of its stream are held behind it, as the live runner parks them.
 */
export async function replay(
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
