/**
 * Who feeds a subscriber: the process holding its session advisory lock, taken on one dedicated connection. Takes
 * the locks, watches the connection they live on, steps every loop down when it is lost, and releases them.
 */
import type { DataSource, QueryRunner } from 'typeorm';
import { Mutex, type Loop, type RunnerLogger } from './subscriber-loop';

export class Leadership {
  private lockRunner: QueryRunner | undefined;
  private lockRunnerReady: Promise<QueryRunner> | undefined;
  private leaseTimer: NodeJS.Timeout | undefined;
  /** Queries on the lock connection run one at a time. */
  private readonly lockMutex = new Mutex();

  constructor(
    private readonly dataSource: DataSource,
    private readonly loops: ReadonlyMap<string, Loop>,
    private readonly logger: RunnerLogger,
  ) {}

  /** Checks the lock connection every `intervalMs` until unwatch(). */
  watch(intervalMs: number): void {
    this.leaseTimer = setInterval(() => void this.checkLockConnection(), intervalMs);
  }

  unwatch(): void {
    clearInterval(this.leaseTimer);
  }

  /** Takes the subscriber's leader lock (session advisory lock on the dedicated connection) if free. */
  async tryLead(loop: Loop): Promise<boolean> {
    let runner: QueryRunner;
    try {
      runner = await this.lockConnection();
      const [row]: { ok: boolean }[] = await this.lockMutex.run(() =>
        runner.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [
          `projection-leader:${loop.sub.name}`,
        ]),
      );
      if (!row.ok) return false;
    } catch (error) {
      await this.lostLockConnection(error as Error);
      throw error;
    }
    loop.leader = true;
    loop.cursor = undefined;
    return true;
  }

  private lockConnection(): Promise<QueryRunner> {
    this.lockRunnerReady ??= (async () => {
      const runner = this.dataSource.createQueryRunner();
      await runner.connect();
      this.lockRunner = runner;
      return runner;
    })();
    return this.lockRunnerReady;
  }

  /** The leader locks live as long as their connection: check it, and step down if it is gone. */
  private async checkLockConnection(): Promise<void> {
    const runner = this.lockRunner;
    if (!runner) return;
    try {
      await this.lockMutex.run(() => runner.query('SELECT 1'));
    } catch (error) {
      await this.lostLockConnection(error as Error);
    }
  }

  private async lostLockConnection(error: Error): Promise<void> {
    const runner = this.lockRunner;
    this.lockRunner = undefined;
    this.lockRunnerReady = undefined;
    for (const loop of this.loops.values()) {
      loop.leader = false;
      loop.cursor = undefined;
    }
    this.logger.warn(`Projection leader connection lost (${error.message}); leadership will be retaken`);
    // Releasing with the error makes the pool discard the broken connection instead of reusing it.
    const releasable = runner as unknown as { releasePostgresConnection?(err: Error): Promise<void> } | undefined;
    await (releasable?.releasePostgresConnection?.(error) ?? runner?.release())?.catch(() => undefined);
  }

  /** Gives up every leader lock of this process and returns the connection. */
  async release(): Promise<void> {
    const runner = this.lockRunner;
    this.lockRunner = undefined;
    this.lockRunnerReady = undefined;
    if (!runner) return;
    await this.lockMutex.run(() => runner.query('SELECT pg_advisory_unlock_all()')).catch(() => undefined);
    await runner.release().catch(() => undefined);
  }
}
