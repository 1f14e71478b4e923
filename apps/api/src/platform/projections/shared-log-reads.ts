/**
 * Reads of the global log for the runner's loops: the reads of subscribers waiting at the same position are shared
 * (one query for all of them).
 */
import type { EventStore, Position, StoredEvent } from '../event-store/event-store.port';

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

export class SharedLogReads {
  /** Reads of the log being gathered or under way, by the position they read after. */
  private readonly sharedReads = new Map<string, SharedRead>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly batchSize: number,
  ) {}

  /**
   * The batch after `after` (up to batchSize events), with the payloads of `types`. The subscribers woken by one
   * append mostly wait at the same position: their reads are gathered until the event loop's current turn is over and
   * sent as ONE query (the union of their types), whose events they all receive, each handling its own types; a read
   * of the same position already sent serves a subscriber whose types it covers. Sharing is safe because the log
   * after a position only grows at its end (readAll reads only transactions below the oldest running one): any read
   * of it is a prefix of a later one, so each subscriber gets a batch it could have read itself. The events are
   * shared between the subscribers: handlers read them and never change them.
   */
  read(after: Position, types: ReadonlySet<string>): Promise<StoredEvent[]> {
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
          .then(() => this.eventStore.readAll({ after, maxCount: this.batchSize, types: [...read.types] }))
          .then(resolve, reject)
          .finally(() => {
            if (this.sharedReads.get(key) === read) this.sharedReads.delete(key);
          });
      });
    });
    this.sharedReads.set(key, read);
    return read.events;
  }
}
