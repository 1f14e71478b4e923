import { Query } from '@nestjs/cqrs';
import type { ConversationComments } from '@teaminbox/contracts';

/**
 * The internal comments on every email of one email's conversation (the team's thread of it), oldest first, each with
 * the email it was written on; 404 for an email of another team.
 */
export class ListConversationCommentsQuery extends Query<ConversationComments> {
  constructor(
    readonly teamId: string,
    readonly emailId: string,
  ) {
    super();
  }
}
