import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../event-store/event-store.port';

/**
 * A checkpointed subscriber of the global log. The runner calls handle() inside a Postgres
 * transaction together with the checkpoint update, so the effect happens exactly once.
 */
export interface Projection {
  /** Unique name; also the argument of `npm run rebuild -- <name>`. */
  readonly name: string;
  /** Event types it reads; the runner skips others (still advancing the checkpoint). */
  readonly eventTypes: readonly string[];
  /** Applies a batch of events, in global order, with the transaction's entity manager. */
  handle(events: StoredEvent[], tx: EntityManager): Promise<void>;
  /** Deletes everything the projection wrote, for a rebuild from zero (within a transaction). */
  reset(tx: EntityManager): Promise<void>;
  /**
   * For a projection that copies personal fields into its tables: writes again what it derived from these events'
   * personal fields, which now read "[erased]" (a data subject was erased), so that its rows are those a rebuild from
   * zero would write. Called in the erasure's transaction with the events that held the subject's data, whatever
   * their type (ignore the others).
   */
  rewritePersonalData?(events: StoredEvent[], tx: EntityManager): Promise<void>;
}

/**
 * A reaction (process manager): reads the same log with its own checkpoint, but its effect runs
 * after the checkpointed transaction commits or is a job enqueued inside it. A reaction is never
 * run while rebuilding projections.
 */
export interface Reaction {
  readonly name: string;
  readonly eventTypes: readonly string[];
  /**
   * Where a reaction without a checkpoint starts: 'start' (default) replays the whole log,
   * 'head' acts on events appended from now on only.
   */
  readonly startAt?: 'start' | 'head';
  /** In-transaction part (e.g. enqueue a job); optional. */
  handle?(events: StoredEvent[], tx: EntityManager): Promise<void>;
  /** Called after the transaction committed: at-least-once, so must be idempotent. */
  afterCommit?(events: StoredEvent[]): Promise<void>;
}
