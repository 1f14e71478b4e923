import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { MailboxSettings } from '@teaminbox/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { RequestContext } from '../../../platform/request-context/request-context';
import { describeMailError, MailConnections } from '../connection/mail-connections';
import { foldersToSync } from '../domain/mailbox-settings';
import { MailboxStatusStore } from './mailbox-status.store';
import { MailboxSync } from './mailbox-sync';
import { DEFAULT_TUNING, MailboxWorker, type WorkerTuning } from './mailbox-worker';

/** Runs one MailboxWorker per active team mailbox: at application start and whenever a configuration changes. */
@Injectable()
export class MailboxSupervisor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailboxSupervisor.name);
  private readonly workers = new Map<string, MailboxWorker>();
  /** Batch size, poll interval and backoff of workers started from now on. */
  tuning: WorkerTuning = { ...DEFAULT_TUNING };

  constructor(
    private readonly connections: MailConnections,
    private readonly sync: MailboxSync,
    private readonly status: MailboxStatusStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.mailboxWorkers === false) return;
    for (const { teamId, settings } of await this.status.activeMailboxes()) this.startWorker(teamId, settings);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.workers.keys()].map((teamId) => this.stop(teamId)));
  }

  /** Applies a team's saved configuration: restarts its worker when active, stops it otherwise. */
  async reload(teamId: string): Promise<void> {
    await this.stop(teamId);
    const settings = await this.status.settingsOf(teamId);
    if (settings?.isActive) this.startWorker(teamId, settings);
  }

  async stop(teamId: string): Promise<void> {
    const worker = this.workers.get(teamId);
    if (!worker) return;
    this.workers.delete(teamId);
    await worker.stop();
  }

  isRunning(teamId: string): boolean {
    return this.workers.has(teamId);
  }

  /** Syncs a team's mailbox at once, on its worker's connection or (inactive mailbox) on a short-lived one. */
  async syncNow(teamId: string, settings: MailboxSettings): Promise<number> {
    const viaWorker = await this.workers.get(teamId)?.syncNow();
    if (viaWorker !== undefined && viaWorker !== null) return viaWorker;
    let client: Awaited<ReturnType<MailConnections['connectImap']>> | null = null;
    try {
      client = await this.connections.connectImap(settings);
      return await this.sync.syncFolders(client, teamId, foldersToSync(settings), {
        batchSize: this.tuning.batchSize,
        batchBytes: this.tuning.batchBytes,
      });
    } catch (error) {
      // A failed connect is recorded too: the configuration screen shows it as the last error.
      await this.status.recordError(teamId, describeMailError(error)).catch(() => undefined);
      throw error;
    } finally {
      const open = client;
      if (open) await open.logout().catch(() => open.close());
    }
  }

  private startWorker(teamId: string, settings: MailboxSettings): void {
    const worker = new MailboxWorker(teamId, settings, this.connections, this.sync, this.status, this.tuning);
    this.workers.set(teamId, worker);
    this.logger.log(`Watching the mailbox of team ${teamId}`);
    // The worker outlives the request that (re)started it: what it imports is the system's, not that caller's.
    RequestContext.detached(() => worker.start());
  }
}
