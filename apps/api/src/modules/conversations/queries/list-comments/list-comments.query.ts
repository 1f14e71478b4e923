import { Query } from '@nestjs/cqrs';
import type { Comment } from '@teaminbox/contracts';

/** The internal comments on one email of the team, oldest first; 404 for an email of another team. */
export class ListCommentsQuery extends Query<Comment[]> {
  constructor(
    readonly teamId: string,
    readonly emailId: string,
  ) {
    super();
  }
}
