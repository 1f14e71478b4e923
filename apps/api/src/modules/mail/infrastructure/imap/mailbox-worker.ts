import { Logger } from '@nestjs/common';
import type { MailboxSettings } from '@teaminbox/contracts';
import type { ImapFlow } from 'imapflow';
import { describeMailError, type MailConnections } from './mail-connections';
import { foldersToSync } from '../../domain/mailbox-settings';
import type { MailboxStatusStore } from './mailbox-status.store';
import type { MailboxSync } from './mailbox-sync';

export interface WorkerTuning {
  /** Messages per batch of a sync (fetched, parsed and written together) at most. */
  batchSize: number;
  /** Bytes of a batch at most (RFC822.SIZE). */
  batchBytes: number;
  /** Full re-check of every folder (the fallback when IDLE is missing or a watcher is down, and for folders past the cap). */
  pollIntervalMs: number;
  /** Folders watched with IDLE: the first on the main connection, each further one on a watcher connection of its own. */
  maxWatchedFolders: number;
  minBackoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_TUNING: WorkerTuning = {
  batchSize: 500,
  batchBytes: 32 * 1024 * 1024,
  pollIntervalMs: 30_000,
  maxWatchedFolders: 5,
  minBackoffMs: 1_000,
  maxBackoffMs: 5 * 60_000,
};

/**
 * Keeps one IMAP connection for one team: sync every folder, then wait in IDLE on the first folder (each round
 * ends with it selected; new mail wakes the loop) or for the poll timer, and sync again. IMAP IDLE watches only
 * the selected folder, so each further selected folder (up to `maxWatchedFolders` in all) gets a watcher
 * connection, opened before the first sync, that only IDLEs on it and wakes the main loop; a watcher that fails
 * is logged and left to the poll timer. Errors are recorded and retried with exponential backoff; a worker never
 * throws out of its loop, so one failing team does not affect another.
 */
export class MailboxWorker {
  private readonly logger = new Logger(MailboxWorker.name);
  private stopped = false;
  private client: ImapFlow | null = null;
  private wake: (() => void) | null = null;
  private pending = false;
  private loop: Promise<void> | null = null;
  private round: Promise<number> = Promise.resolve(0);

  constructor(
    readonly teamId: string,
    private readonly settings: MailboxSettings,
    private readonly connections: MailConnections,
    private readonly sync: MailboxSync,
    private readonly status: MailboxStatusStore,
    private readonly tuning: WorkerTuning,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    const client = this.client;
    if (client) await client.logout().catch(() => client.close());
    await this.loop?.catch(() => undefined);
  }

  /** Syncs at once on the open connection (queued after a round in flight); null when not connected. */
  async syncNow(): Promise<number | null> {
    const client = this.client;
    if (!client || !client.usable || this.stopped) return null;
    return this.enqueue(client);
  }

  private enqueue(client: ImapFlow): Promise<number> {
    const next = this.round.catch(() => 0).then(() => this.syncRound(client));
    this.round = next.catch(() => 0);
    return next;
  }

  /**
   * A sync over every folder, then a second look at the first folder, which stays selected for IDLE. A
   * re-selection (EXAMINE) reports the message count without an 'exists' event, so mail that reached the first
   * folder after its search in the round would otherwise wait for the poll: the second search finds it, and
   * anything later arrives while the folder stays selected, as an 'exists' event.
   */
  private async syncRound(client: ImapFlow): Promise<number> {
    const options = {
      batchSize: this.tuning.batchSize,
      batchBytes: this.tuning.batchBytes,
      shouldStop: () => this.stopped,
    };
    const folders = foldersToSync(this.settings);
    let fresh = await this.sync.syncFolders(client, this.teamId, folders, options);
    if (folders.length > 0 && !this.stopped) {
      fresh += await this.sync.syncFolders(client, this.teamId, folders.slice(0, 1), options);
    }
    return fresh;
  }

  private async run(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      try {
        await this.session(() => {
          attempt = 0;
        });
      } catch (error) {
        if (this.stopped) break;
        const message = describeMailError(error);
        this.logger.warn(`Mailbox of team ${this.teamId}: ${message}`);
        await this.status.recordError(this.teamId, message).catch(() => undefined);
      }
      if (this.stopped) break;
      const delay = Math.min(this.tuning.maxBackoffMs, this.tuning.minBackoffMs * 2 ** attempt);
      attempt++;
      await this.sleep(delay * (0.8 + Math.random() * 0.4));
    }
  }

  private async session(connected: () => void): Promise<void> {
    const client = await this.connections.connectImap(this.settings);
    this.client = client;
    let closed = false;
    let watchers: ImapFlow[] = [];
    client.on('exists', () => this.trigger());
    client.on('close', () => {
      closed = true;
      this.wake?.();
    });
    try {
      // Watchers select their folders before the first sync: mail that arrives in them from then on wakes the loop.
      const others = foldersToSync(this.settings).slice(1);
      watchers = await this.watch(others.slice(0, Math.max(0, this.tuning.maxWatchedFolders - 1)));
      await this.enqueue(client);
      connected();
      while (!this.stopped && !closed) {
        await this.sleep(this.tuning.pollIntervalMs);
        if (this.stopped || closed) break;
        this.pending = false;
        await this.enqueue(client);
      }
      if (closed && !this.stopped) throw new Error('The mail server closed the connection');
    } finally {
      this.client = null;
      await Promise.all(watchers.map((watcher) => watcher.logout().catch(() => watcher.close())));
      if (!closed) await client.logout().catch(() => client.close());
    }
  }

  /** One IDLE connection per folder; new mail in any of them wakes the sync loop. */
  private async watch(folders: string[]): Promise<ImapFlow[]> {
    const watchers: ImapFlow[] = [];
    for (const folder of folders) {
      let watcher: ImapFlow | null = null;
      try {
        watcher = await this.connections.connectImap(this.settings);
        watcher.on('exists', () => this.trigger());
        watcher.on('error', (error: unknown) =>
          this.logger.warn(`Watcher of ${folder} for team ${this.teamId}: ${describeMailError(error)}`),
        );
        await watcher.mailboxOpen(folder, { readOnly: true });
        watchers.push(watcher);
      } catch (error) {
        this.logger.warn(`Cannot watch ${folder} for team ${this.teamId}: ${describeMailError(error)}`);
        if (watcher) await watcher.logout().catch(() => watcher?.close());
      }
    }
    return watchers;
  }

  private trigger(): void {
    this.pending = true;
    this.wake?.();
  }

  /** Waits for the delay, new mail, a close or stop(). */
  private sleep(ms: number): Promise<void> {
    if (this.pending || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }
}
