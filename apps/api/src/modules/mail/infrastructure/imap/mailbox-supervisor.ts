import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { MailboxSettings } from '@teaminbox/contracts';
import { ClusterPool } from '../../../../platform/cluster/cluster-pool';
import { LeaseConnection } from '../../../../platform/cluster/lease-connection';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config';
import { RequestContext } from '../../../../platform/request-context/request-context';
import { describeMailError, MailConnections } from './mail-connections';
import { foldersToSync } from '../../domain/mailbox-settings';
import { MailboxStatusStore } from './mailbox-status.store';
import { MailboxSync } from './mailbox-sync';
import { DEFAULT_TUNING, MailboxWorker, type WorkerTuning } from './mailbox-worker';

/** The channel on which a saved configuration reaches the replica that watches the mailbox. */
export const MAILBOX_CONFIG_CHANNEL = 'teaminbox_mailbox_config';
/** application_name prefix of the lease connections (one per replica that runs mailbox workers). */
export const MAILBOX_LEASE_KIND = 'teaminbox-mailboxes';
/** How often a replica looks for mailboxes without a watcher and checks its share (a dead holder's are free at once). */
export const DEFAULT_LEASE_INTERVAL_MS = 5_000;

const leaseName = (teamId: string) => `mailbox:${teamId}`;

/** Rendezvous hashing: each replica prefers other mailboxes, so replicas starting together rarely collide. */
export function leaseScore(replicaId: string, teamId: string): string {
  return createHash('sha256').update(`${replicaId}:${teamId}`).digest('hex');
}

/** The most mailboxes one replica should watch: an even share of the active ones over the live replicas. */
export function fairShare(activeMailboxes: number, liveReplicas: number): number {
  return Math.ceil(activeMailboxes / Math.max(1, liveReplicas));
}

/**
 * Runs one MailboxWorker per active team mailbox across all replicas. A replica watches a mailbox only while it holds
 * that mailbox's lease, a session advisory lock on its lease connection: one watcher per mailbox, whichever replica.
 * Every `leaseIntervalMs` each replica takes free leases up to its fair share (active mailboxes / live replicas, in
 * its rendezvous order) and gives back what exceeds it, so mailboxes spread over the replicas. When a replica dies,
 * PostgreSQL ends its session and its leases are free at once: another replica takes them at its next round and
 * resumes from the stored UIDs (ingestion is exactly-once). A saved configuration is applied here and sent on
 * MAILBOX_CONFIG_CHANNEL, so the replica that holds the mailbox restarts its worker.
 */
@Injectable()
export class MailboxSupervisor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailboxSupervisor.name);
  private readonly workers = new Map<string, MailboxWorker>();
  /** Mailboxes this replica holds but does not watch until their next reload (see stop). */
  private readonly paused = new Set<string>();
  private leases: LeaseConnection | null = null;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;
  /** Batch size, poll interval and backoff of workers started from now on. */
  tuning: WorkerTuning = { ...DEFAULT_TUNING };
  leaseIntervalMs = DEFAULT_LEASE_INTERVAL_MS;

  constructor(
    private readonly connections: MailConnections,
    private readonly sync: MailboxSync,
    private readonly status: MailboxStatusStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cluster: ClusterPool,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.mailboxWorkers === false) return;
    const url = (this.cluster.pool.options as { connectionString?: string }).connectionString ?? '';
    this.leases = new LeaseConnection(
      url,
      MAILBOX_LEASE_KIND,
      this.cluster.replicaId,
      (_channel, payload) => this.onConfigChanged(payload),
      [MAILBOX_CONFIG_CHANNEL],
    );
    await this.serial(() => this.rebalance());
    this.timer = setInterval(() => void this.serial(() => this.rebalance()), this.leaseIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    await this.serial(async () => {
      await Promise.all([...this.workers.keys()].map((teamId) => this.stopWorker(teamId)));
      await this.leases?.close();
    });
  }

  /**
   * Applies a team's saved configuration: here when this replica holds (or can take) the mailbox, and on the
   * replica that holds it through MAILBOX_CONFIG_CHANNEL.
   */
  async reload(teamId: string): Promise<void> {
    this.paused.delete(teamId);
    await this.serial(() => this.apply(teamId));
    await this.cluster.pool
      .query('SELECT pg_notify($1, $2)', [
        MAILBOX_CONFIG_CHANNEL,
        JSON.stringify({ teamId, from: this.cluster.replicaId }),
      ])
      .catch((error: unknown) => this.logger.warn(`Could not announce a mailbox change: ${(error as Error).message}`));
  }

  /** Stops watching a team's mailbox and keeps its lease (no other replica takes it) until the next reload. */
  async stop(teamId: string): Promise<void> {
    this.paused.add(teamId);
    await this.serial(() => this.stopWorker(teamId));
  }

  isRunning(teamId: string): boolean {
    return this.workers.has(teamId);
  }

  /** The mailboxes (team ids) this replica watches now. */
  watched(): string[] {
    return [...this.workers.keys()];
  }

  /** Syncs a team's mailbox at once, on its worker's connection or (not watched here) on a short-lived one. */
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

  /** Runs supervisor steps one at a time (a round, a reload, a stop never interleave). */
  private serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step, step);
    this.queue = next.catch((error: unknown) =>
      this.logger.warn(`Mailbox supervision failed: ${(error as Error).message}`),
    );
    return next;
  }

  private onConfigChanged(payload: string): void {
    let message: { teamId?: unknown; from?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (typeof message.teamId !== 'string' || message.from === this.cluster.replicaId) return;
    const teamId = message.teamId;
    if (this.closing || !this.leases?.holds(leaseName(teamId))) return;
    this.paused.delete(teamId);
    void this.serial(() => this.apply(teamId));
  }

  /** Restarts the team's worker with its saved settings when active and held here; stops it otherwise. */
  private async apply(teamId: string): Promise<void> {
    if (this.closing) return;
    await this.stopWorker(teamId);
    const settings = await this.status.settingsOf(teamId);
    // Mailbox workers off in this process (maintenance commands): the replicas that run them apply it.
    const leases = await this.openLeases();
    if (!leases) return;
    if (!settings?.isActive) await leases.release(leaseName(teamId));
    else if (await leases.tryTake(leaseName(teamId))) this.startWorker(teamId, settings);
  }

  /** One round: drop what is no longer active, give back what exceeds the share, take free mailboxes up to it. */
  private async rebalance(): Promise<void> {
    if (this.closing) return;
    const leases = await this.openLeases();
    if (!leases) return;
    const active = await this.status.activeMailboxes();
    const activeIds = new Set(active.map((mailbox) => mailbox.teamId));
    for (const name of leases.heldNames()) {
      const teamId = name.slice('mailbox:'.length);
      if (activeIds.has(teamId)) continue;
      await this.stopWorker(teamId);
      this.paused.delete(teamId);
      await leases.release(name);
    }
    const share = fairShare(active.length, await leases.liveHolders());
    const preferred = [...active].sort((a, b) =>
      leaseScore(this.cluster.replicaId, b.teamId).localeCompare(leaseScore(this.cluster.replicaId, a.teamId)),
    );
    const held = preferred.filter((mailbox) => leases.holds(leaseName(mailbox.teamId)));
    // Beyond the share: give back the least preferred (another replica takes them at its next round).
    for (const { teamId } of held.slice(share).reverse()) {
      if (this.paused.has(teamId)) continue;
      this.logger.log(`Handing the mailbox of team ${teamId} over to another replica`);
      await this.stopWorker(teamId);
      await leases.release(leaseName(teamId));
    }
    let count = leases.heldNames().length;
    for (const { teamId, settings } of preferred) {
      if (count >= share) break;
      if (leases.holds(leaseName(teamId))) {
        if (!this.workers.has(teamId) && !this.paused.has(teamId)) this.startWorker(teamId, settings);
        continue;
      }
      if (!(await leases.tryTake(leaseName(teamId)))) continue;
      count++;
      this.startWorker(teamId, settings);
    }
  }

  /** The lease connection, reconnected after a loss (its leases were lost with it: the workers stop first). */
  private async openLeases(): Promise<LeaseConnection | null> {
    const leases = this.leases;
    if (!leases) return null;
    if (leases.open) return leases;
    if (this.workers.size > 0) {
      this.logger.warn('Mailbox lease connection lost; stopping the mailbox workers of this replica');
      await Promise.all([...this.workers.keys()].map((teamId) => this.stopWorker(teamId)));
    }
    this.paused.clear();
    await leases.connect();
    return leases;
  }

  private async stopWorker(teamId: string): Promise<void> {
    const worker = this.workers.get(teamId);
    if (!worker) return;
    this.workers.delete(teamId);
    await worker.stop();
    this.logger.log(`Stopped watching the mailbox of team ${teamId}`);
  }

  private startWorker(teamId: string, settings: MailboxSettings): void {
    const worker = new MailboxWorker(teamId, settings, this.connections, this.sync, this.status, this.tuning);
    this.workers.set(teamId, worker);
    this.logger.log(`Watching the mailbox of team ${teamId}`);
    // The worker outlives the request that (re)started it: what it imports is the system's, not that caller's.
    RequestContext.detached(() => worker.start());
  }
}
