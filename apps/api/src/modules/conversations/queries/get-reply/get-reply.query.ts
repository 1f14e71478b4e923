import { Query } from '@nestjs/cqrs';
import type { Reply } from '@teaminbox/contracts';

/** A reply (draft, queued, sent or failed) of the team as it is now, or null when it does not exist. */
export class GetReplyQuery extends Query<Reply | null> {
  constructor(
    readonly teamId: string,
    readonly replyId: string,
  ) {
    super();
  }
}
