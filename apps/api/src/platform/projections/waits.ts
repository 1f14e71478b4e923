/**
 * Read-your-writes waits: resolve once the named subscribers' checkpoints (or a reaction's finished after-commit work)
 * reached a position, waking those subscribers, and only those, while they are behind.
 */
import type { EventEmitter } from 'node:events';
import type { DataSource } from 'typeorm';
import { START, comparePositions, type Position } from '../event-store/event-store.port';
import { parsePosition } from './checkpoints';
import { cursorOf, wake, type Loop, type RunnerLogger } from './subscriber-loop';

/** A waitFor under way: the subscribers it waits for and where. */
interface PendingWait {
  names: readonly string[];
  position: Position;
  afterCommit: boolean;
}

export class Waits {
  /** The waitFor calls under way: each announcement of the log wakes again their subscribers still behind. */
  private readonly waits = new Set<PendingWait>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly loops: ReadonlyMap<string, Loop>,
    private readonly progress: EventEmitter,
    private readonly logger: RunnerLogger,
  ) {}

  /** See ProjectionRunner.waitFor; `wanted` are the subscribers to wait for. */
  async waitFor(
    position: Position,
    wanted: string[],
    timeoutMs: number,
    options: { afterCommit?: boolean },
  ): Promise<boolean> {
    const afterCommit = options.afterCommit ?? false;
    const deadline = Date.now() + timeoutMs;
    const wait: PendingWait = { names: wanted, position, afterCommit };
    this.waits.add(wait);
    wake(this.loops, wanted);
    try {
      for (;;) {
        if (await this.reached(wanted, position, afterCommit)) return true;
        const remaining = deadline - Date.now();
        if (remaining <= 0) return false;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            this.progress.off('progress', done);
            resolve();
          };
          const timer = setTimeout(done, Math.min(remaining, 50));
          this.progress.on('progress', done);
        });
      }
    } finally {
      this.waits.delete(wait);
    }
  }

  /**
   * A loop woken while the position it is waited at was not readable yet (an older transaction still ran) read
   * nothing and went back to sleep, and an append of other types does not wake it. The store announces an append
   * once readers can see it: that announcement wakes, beside the loops of its types, the waited-for loops still
   * behind, in the same turn, so that they read together (one read of the log) rather than one after the other.
   */
  wakeWaiting(): void {
    for (const wait of this.waits) {
      wake(
        this.loops,
        wait.names.filter((name) => {
          const loop = this.loops.get(name);
          const cursor = loop && cursorOf(loop, wait.afterCommit);
          return !cursor || comparePositions(cursor, wait.position) < 0;
        }),
      );
    }
  }

  private async reached(names: string[], position: Position, afterCommit: boolean): Promise<boolean> {
    const remote: string[] = [];
    for (const name of names) {
      const loop = this.loops.get(name);
      const cursor = loop && cursorOf(loop, afterCommit);
      if (loop?.leader && cursor) {
        if (comparePositions(cursor, position) < 0) return false;
      } else {
        remote.push(name);
      }
    }
    if (remote.length === 0) return true;
    try {
      const rows: { name: string; commit: string; prepare: string }[] = await this.dataSource.query(
        afterCommit
          ? `SELECT name, COALESCE(after_commit_commit, commit)::text AS commit,
               COALESCE(after_commit_prepare, prepare)::text AS prepare
               FROM projection_checkpoints WHERE name = ANY($1)`
          : `SELECT name, commit::text AS commit, prepare::text AS prepare FROM projection_checkpoints WHERE name = ANY($1)`,
        [remote],
      );
      if (rows.length < remote.length) return false;
      return rows.every((row) => comparePositions(parsePosition(row.commit, row.prepare) ?? START, position) >= 0);
    } catch (error) {
      this.logger.warn(`waitFor could not read checkpoints: ${(error as Error).message}`);
      return false;
    }
  }
}
