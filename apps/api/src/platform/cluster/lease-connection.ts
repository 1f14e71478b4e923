import { Client } from 'pg';

/** A lease is a session advisory lock on one 64-bit key derived from its name. */
const TRY_LOCK = 'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok';
const UNLOCK = 'SELECT pg_advisory_unlock(hashtextextended($1, 0)) AS ok';

/**
 * One dedicated connection that holds leases (session advisory locks) and listens for notifications. The locks
 * live as long as the connection: when the process dies, PostgreSQL ends its session and the leases are free at
 * once for another replica. `application_name` names the holder kind and replica, so the live holders can be
 * counted (pg_stat_activity) to spread the work.
 */
export class LeaseConnection {
  private client: Client | null = null;
  private readonly held = new Set<string>();
  private lost = false;

  constructor(
    private readonly url: string,
    /** e.g. 'teaminbox-mailboxes'; the session's application_name is `<kind>:<replicaId>`. */
    private readonly kind: string,
    private readonly replicaId: string,
    private readonly onNotification: (channel: string, payload: string) => void,
    private readonly channels: string[] = [],
  ) {}

  /** True while the connection is up (its leases are held). */
  get open(): boolean {
    return this.client !== null && !this.lost;
  }

  /** Connects (again, after a loss): every lease of the old connection is gone. */
  async connect(): Promise<void> {
    await this.close();
    const client = new Client({ connectionString: this.url, application_name: `${this.kind}:${this.replicaId}` });
    client.on('error', () => (this.lost = true));
    client.on('end', () => (this.lost = true));
    client.on('notification', (message) => this.onNotification(message.channel, message.payload ?? ''));
    await client.connect();
    for (const channel of this.channels) await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    this.client = client;
    this.lost = false;
    this.held.clear();
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.held.clear();
    if (client) await client.end().catch(() => undefined);
  }

  holds(name: string): boolean {
    return this.open && this.held.has(name);
  }

  heldNames(): string[] {
    return [...this.held];
  }

  /** Takes the lease when free; true when this connection holds it now. */
  async tryTake(name: string): Promise<boolean> {
    if (this.held.has(name)) return true;
    const { rows } = await this.connection().query<{ ok: boolean }>(TRY_LOCK, [name]);
    if (rows[0]?.ok) this.held.add(name);
    return this.held.has(name);
  }

  async release(name: string): Promise<void> {
    if (!this.held.delete(name)) return;
    await this.connection().query(UNLOCK, [name]);
  }

  /** Replicas of this kind connected to this database now (this one included). */
  async liveHolders(): Promise<number> {
    const { rows } = await this.connection().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE $1`,
      [`${this.kind}:%`],
    );
    return Math.max(1, rows[0]?.n ?? 1);
  }

  private connection(): Client {
    if (!this.client || this.lost) throw new Error('The lease connection is closed');
    return this.client;
  }
}
