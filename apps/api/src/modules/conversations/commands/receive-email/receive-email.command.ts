import { Command } from '@nestjs/cqrs';
import type { Position } from '../../../../platform/event-store/event-store.port';
import type { QuarantineEmail, ReceiveEmail, ReleaseFromQuarantine } from '../../domain/email.decider';

/**
 * A message that arrived in a team's mailbox, parsed (ReceiveEmail) or not (QuarantineEmail), recorded on its
 * email's new stream under the event id its mailbox location gives it: delivering it twice records it once. A retry
 * from the quarantine records it on the quarantined stream (received, quarantined again, or released as a duplicate).
 * Answers the position of what it appended (null when it was recorded before), for a caller that reads the result.
 */
export class ReceiveEmailCommand extends Command<Position | null> {
  constructor(
    readonly eventId: string,
    readonly message: ReceiveEmail | QuarantineEmail | ReleaseFromQuarantine,
  ) {
    super();
  }
}
