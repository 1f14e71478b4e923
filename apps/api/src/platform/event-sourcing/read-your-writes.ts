import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_STORE, type EventStore, type Position } from '../event-store/event-store.port';
import { ProjectionRunner } from '../projections/projection-runner';

export const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

/**
 * The bounded wait of a command for the projections its caller reads next, so that a client
 * reading right after its own command sees the result.
 */
@Injectable()
export class ReadYourWrites {
  private readonly logger = new Logger(ReadYourWrites.name);

  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async waitFor(position: Position | null | undefined, projections: string[]): Promise<void> {
    if (!position) return;
    const caughtUp = await this.runner.waitFor(position, projections, READ_YOUR_WRITES_TIMEOUT_MS);
    if (!caughtUp) {
      this.logger.warn(
        `Projections ${projections.join(', ')} did not catch up within ${READ_YOUR_WRITES_TIMEOUT_MS} ms`,
      );
    }
  }

  /**
   * The same wait for everything appended so far: for a caller that acts on what a live push showed before the read
   * model had it (a notification pushed as soon as it was appended, marked read at once).
   */
  async waitForHead(projections: string[]): Promise<void> {
    await this.waitFor(await this.store.headPosition(), projections);
  }
}
