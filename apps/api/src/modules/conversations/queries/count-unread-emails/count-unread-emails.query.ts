import { Query } from '@nestjs/cqrs';

/** Unread emails in a team's inbox; 0 for a caller without a team (teamId null). */
export class CountUnreadEmailsQuery extends Query<number> {
  constructor(readonly teamId: string | null) {
    super();
  }
}
