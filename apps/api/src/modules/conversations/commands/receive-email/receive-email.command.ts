import { Command } from '@nestjs/cqrs';
import type { QuarantineEmail, ReceiveEmail } from '../../domain/email.decider';

/**
 * A message that arrived in a team's mailbox, parsed (ReceiveEmail) or not (QuarantineEmail), recorded on its
 * email's new stream under the event id its mailbox location gives it: delivering it twice records it once.
 */
export class ReceiveEmailCommand extends Command<void> {
  constructor(
    readonly eventId: string,
    readonly message: ReceiveEmail | QuarantineEmail,
  ) {
    super();
  }
}
