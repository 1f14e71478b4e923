import { Query } from '@nestjs/cqrs';
import type { Reply } from '@teaminbox/contracts';

/** The team's replies on one email (drafts and those handed to the outbox), oldest first; 404 for another team's email. */
export class ListRepliesQuery extends Query<Reply[]> {
  constructor(
    readonly teamId: string,
    readonly emailId: string,
  ) {
    super();
  }
}
