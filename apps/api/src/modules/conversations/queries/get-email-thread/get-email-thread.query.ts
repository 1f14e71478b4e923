import { Query } from '@nestjs/cqrs';
import type { ThreadMessage } from '@teaminbox/contracts';

/** The thread of one of the team's emails: its received emails and sent replies, oldest first. */
export class GetEmailThreadQuery extends Query<ThreadMessage[]> {
  constructor(
    readonly teamId: string,
    readonly emailId: string,
  ) {
    super();
  }
}
