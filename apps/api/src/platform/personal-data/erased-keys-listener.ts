import { Client } from 'pg';
import { ERASED_KEYS_CHANNEL, type PersonalDataKeyring } from './personal-data-keyring';

/** Wait before connecting again after the listening connection was lost. */
const RECONNECT_MS = 1000;

interface Logger {
  log(message: string): void;
  warn(message: string): void;
}

/**
 * Keeps this process's cache of data subjects' keys true to erasures made by any replica: listens on one dedicated
 * connection for the keys another process deleted and drops them. While the connection is down an announcement may
 * be missed, so every (re)connection drops the whole cache (the next reads ask the table, where erased keys are gone).
 */
export class ErasedKeysListener {
  private client: Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly keyring: PersonalDataKeyring,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    if (!client) return;
    // A connection that does not answer its end within 3 s is left to close with the process.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.end().catch(() => undefined),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, 3000))),
    ]);
    clearTimeout(timer);
  }

  /** True while the listening connection is up. */
  get listening(): boolean {
    return this.client !== null;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.url, application_name: 'teaminbox-erased-keys' });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      void client.end().catch(() => undefined);
      this.logger.warn('The erased keys listener lost its connection; connecting again');
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => this.onNotification(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN ${ERASED_KEYS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.logger.warn(`The erased keys listener could not connect: ${(error as Error).message}`);
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.keyring.forgetAll();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, RECONNECT_MS);
    this.retry.unref();
  }

  private onNotification(payload: string): void {
    try {
      const message = JSON.parse(payload) as { all?: boolean; teamId?: string; subjectId?: string; keyIds?: string[] };
      if (message.all || !message.teamId || !message.subjectId || !Array.isArray(message.keyIds)) {
        this.keyring.forgetAll();
      } else {
        this.keyring.forget({ teamId: message.teamId, subjectId: message.subjectId }, message.keyIds);
      }
    } catch {
      this.keyring.forgetAll();
    }
  }
}
