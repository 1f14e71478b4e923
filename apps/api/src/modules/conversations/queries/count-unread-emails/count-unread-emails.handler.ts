import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InboxEmailQueries } from '../inbox-email.queries';
import { CountUnreadEmailsQuery } from './count-unread-emails.query';

@QueryHandler(CountUnreadEmailsQuery)
export class CountUnreadEmailsHandler implements IQueryHandler<CountUnreadEmailsQuery, number> {
  constructor(private readonly emails: InboxEmailQueries) {}

  async execute({ teamId }: CountUnreadEmailsQuery): Promise<number> {
    return teamId ? this.emails.countUnread(teamId) : 0;
  }
}
