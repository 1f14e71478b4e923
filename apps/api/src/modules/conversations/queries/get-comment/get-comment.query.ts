import { Query } from '@nestjs/cqrs';
import type { Comment } from '@teaminbox/contracts';

/** A comment of the team as it is now, or null when it does not exist (deleted, or another team's). */
export class GetCommentQuery extends Query<Comment | null> {
  constructor(
    readonly teamId: string,
    readonly commentId: string,
  ) {
    super();
  }
}
