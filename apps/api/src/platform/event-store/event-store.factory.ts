import type { Pool } from 'pg';
import type { EventStore } from './event-store.port';
import { EsdbEventStore } from './esdb/esdb-event-store';
import { PostgresEventStore } from './postgres/postgres-event-store';

export interface CreateEventStoreOptions {
  /** When set (esdb://, kurrentdb://, ...), the EventStoreDB / KurrentDB adapter is used. */
  eventStoreUrl?: string;
  /** Otherwise PostgreSQL: an existing pool, or a URL (the store then owns its pool). */
  pool?: Pool;
  url?: string;
  poolSize?: number;
  logger?: { warn(message: string): void };
}

/** Picks the adapter: EventStoreDB when eventStoreUrl is set, PostgreSQL otherwise. */
export function createEventStore(options: CreateEventStoreOptions): EventStore {
  if (options.eventStoreUrl) {
    return new EsdbEventStore({ connectionString: options.eventStoreUrl, logger: options.logger });
  }
  if (!options.pool && !options.url) throw new Error('createEventStore needs eventStoreUrl, pool or url');
  return new PostgresEventStore({
    pool: options.pool,
    url: options.url,
    poolSize: options.poolSize,
    logger: options.logger,
  });
}
