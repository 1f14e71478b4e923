import { Injectable, Logger } from '@nestjs/common';
import type { Position } from '../event-store/event-store.port';
import { ProjectionRunner } from '../projections/projection-runner';

export const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

/**
 * The bounded wait of a command for the projections its caller reads next, so that a client
 * reading right after its own command sees the result.
 */
@Injectable()
export class ReadYourWrites {
  private readonly logger = new Logger(ReadYourWrites.name);

  constructor(private readonly runner: ProjectionRunner) {}

  async waitFor(position: Position | null | undefined, projections: string[]): Promise<void> {
    if (!position) return;
    const caughtUp = await this.runner.waitFor(position, projections, READ_YOUR_WRITES_TIMEOUT_MS);
    if (!caughtUp) {
      this.logger.warn(
        `Projections ${projections.join(', ')} did not catch up within ${READ_YOUR_WRITES_TIMEOUT_MS} ms`,
      );
    }
  }
}
