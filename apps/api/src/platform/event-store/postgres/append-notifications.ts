/**
 * Telling readers of appends: local listeners, the coalesced NOTIFY, the LISTEN connection, appends held till readable.
 */
import { Client, type Pool } from 'pg';

export const APPENDED_CHANNEL = 'es_appended';
/** The longest NOTIFY payload naming types (PostgreSQL's limit is 8,000 bytes); longer, it names none (any type). */
const MAX_NOTIFY_PAYLOAD = 7_000;

/** The oldest transaction still running: readAll's horizon. */
const HORIZON_SQL = `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`;
/** Between two looks at the horizon while appends are held behind it: doubles from the first to the last. */
const HELD_CHECK_FIRST_MS = 5;
const HELD_CHECK_MAX_MS = 200;
/** How long an append is followed at most; past that (a transaction held open for long) it is announced as it is. */
const HELD_FOLLOW_MS = 30_000;

export interface AppendNotificationsOptions {
  pool: Pool;
  /** How the dedicated LISTEN connection connects. */
  listenConfig: ConstructorParameters<typeof Client>[0];
  /** Cross-process wake-ups are coalesced: at most one NOTIFY per this many milliseconds. */
  notifyIntervalMs: number;
  warn(message: string): void;
}

/**
 * Local listeners are told right after an append, other processes through LISTEN/NOTIFY, both with the types of the
 * events appended (a NOTIFY names them, comma-separated, unless they are too many: then none, meaning any). An append
 * that commits while an older transaction is still running is announced once readable (see holdUntilReadable).
 */
export class AppendNotifications {
  private readonly listeners = new Set<(types?: ReadonlySet<string>) => void>();
  /** The types appended since the last NOTIFY, for the next one. */
  private notifyTypes = new Set<string>();
  private notifyTimer: NodeJS.Timeout | undefined;
  private listenClient: Client | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  private listenAttempts = 0;
  private closed = false;
  /** Appends readers cannot see yet: announced once readAll's horizon reaches `bound`. */
  private held: { bound: bigint; types: ReadonlySet<string>; since: number }[] = [];
  private heldTimer: NodeJS.Timeout | undefined;
  private heldDelayMs = HELD_CHECK_FIRST_MS;
  private horizonFailing = false;

  constructor(private readonly options: AppendNotificationsOptions) {}

  onAppended(listener: (types?: ReadonlySet<string>) => void): () => void {
    this.listeners.add(listener);
    this.ensureListening();
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Wakes local listeners now and other processes with a coalesced NOTIFY, both told the types appended. */
  announce(types: ReadonlySet<string>): void {
    this.emit(types);
    for (const type of types) this.notifyTypes.add(type);
    if (this.notifyTimer || this.closed) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      if (this.closed) return;
      const payload = [...this.notifyTypes].join(',');
      this.notifyTypes = new Set();
      this.options.pool
        .query(`SELECT pg_notify('${APPENDED_CHANNEL}', $1)`, [payload.length <= MAX_NOTIFY_PAYLOAD ? payload : ''])
        .catch((error: Error) => {
          this.options.warn(`NOTIFY failed: ${error.message}`);
        });
    }, this.options.notifyIntervalMs);
  }

  /**
   * Announces `types` (to the listeners here and by NOTIFY to the other processes) once readAll's horizon (the oldest
   * running transaction) has reached `bound`, i.e. once every transaction below it has ended. An append written while
   * an older transaction ran (a projection's, any writer's; AppendRow's `held` in append-batches.ts) is not readable
   * at its commit: a subscriber woken then would read nothing and sleep until its next wake or poll. One look at the
   * horizon serves every append held meanwhile; the looks back off from HELD_CHECK_FIRST_MS to HELD_CHECK_MAX_MS while
   * nothing comes free. An append is followed for HELD_FOLLOW_MS at most, and announced as it is then or when a look
   * fails.
   */
  holdUntilReadable(bound: bigint, types: ReadonlySet<string>): void {
    if (this.closed) return;
    if (this.held.length === 0) this.heldDelayMs = HELD_CHECK_FIRST_MS;
    this.held.push({ bound, types, since: Date.now() });
    this.lookAtHorizon();
  }

  private lookAtHorizon(): void {
    if (this.heldTimer || this.closed || this.held.length === 0) return;
    this.heldTimer = setTimeout(() => {
      this.options.pool
        .query<{ xmin: string }>(HORIZON_SQL)
        .then(({ rows: [row] }) => {
          this.horizonFailing = false;
          const horizon = BigInt(row.xmin);
          const free = this.held.filter((entry) => entry.bound <= horizon);
          if (free.length === 0) {
            this.heldDelayMs = Math.min(this.heldDelayMs * 2, HELD_CHECK_MAX_MS);
            return;
          }
          this.held = this.held.filter((entry) => entry.bound > horizon);
          this.heldDelayMs = HELD_CHECK_FIRST_MS;
          // Here and, by a NOTIFY sent now, in the other processes.
          this.announceHeld(free);
        })
        .catch((error: Error) => {
          // The appends held are announced now (their readers may find them, or will on their poll); nothing is
          // lost. Logged once while it keeps failing.
          if (!this.horizonFailing) this.options.warn(`looking at the read horizon failed: ${error.message}`);
          this.horizonFailing = true;
          this.announceHeld(this.held.splice(0));
        })
        .finally(() => {
          this.heldTimer = undefined;
          const oldest = Date.now() - HELD_FOLLOW_MS;
          // Followed long enough (an older transaction left open): announced as they are, readers' polls go on.
          this.announceHeld(this.held.filter((entry) => entry.since <= oldest));
          this.held = this.held.filter((entry) => entry.since > oldest);
          this.lookAtHorizon();
        });
    }, this.heldDelayMs);
  }

  private announceHeld(entries: readonly { types: ReadonlySet<string> }[]): void {
    if (entries.length === 0) return;
    const types = new Set<string>();
    for (const entry of entries) for (const type of entry.types) types.add(type);
    this.announce(types);
  }

  private emit(types?: ReadonlySet<string>): void {
    for (const listener of this.listeners) {
      try {
        listener(types);
      } catch (error) {
        this.options.warn(`onAppended listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** One dedicated LISTEN connection, reconnected with backoff when it fails. */
  private ensureListening(): void {
    if (this.listenClient || this.listenRetry || this.closed) return;
    const client = new Client(this.options.listenConfig);
    this.listenClient = client;
    const fail = (error: Error) => {
      if (this.listenClient !== client) return;
      this.listenClient = undefined;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.options.warn(`LISTEN connection lost: ${error.message}`);
      const delay = Math.min(100 * 2 ** this.listenAttempts++, 5000);
      this.listenRetry = setTimeout(() => {
        this.listenRetry = undefined;
        if (this.listeners.size > 0) this.ensureListening();
      }, delay);
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('connection ended')));
    // Another process's NOTIFY names the types it appended; an empty one (or an older process's) means any.
    client.on('notification', (message) =>
      this.emit(message.payload ? new Set(message.payload.split(',')) : undefined),
    );
    client
      .connect()
      .then(() => client.query(`LISTEN ${APPENDED_CHANNEL}`))
      .then(() => {
        this.listenAttempts = 0;
        // Appends may have happened while (re)connecting.
        this.emit();
      })
      .catch(fail);
  }

  /** Stops announcing: timers cleared, held appends and listeners forgotten, the LISTEN connection ended. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.notifyTimer);
    clearTimeout(this.listenRetry);
    clearTimeout(this.heldTimer);
    this.held = [];
    this.listeners.clear();
    const client = this.listenClient;
    this.listenClient = undefined;
    if (client) await client.end().catch(() => undefined);
  }
}
