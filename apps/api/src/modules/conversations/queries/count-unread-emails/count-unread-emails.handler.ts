import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UserDirectory } from '../../../identity';
import { InboxEmailQueries } from '../inbox-email.queries';
import { CountUnreadEmailsQuery } from './count-unread-emails.query';

@QueryHandler(CountUnreadEmailsQuery)
export class CountUnreadEmailsHandler implements IQueryHandler<CountUnreadEmailsQuery, number> {
  constructor(
    private readonly directory: UserDirectory,
    private readonly emails: InboxEmailQueries,
  ) {}

  async execute({ userId }: CountUnreadEmailsQuery): Promise<number> {
    const membership = await this.directory.membershipOf(userId);
    return membership ? this.emails.countUnread(membership.teamId) : 0;
  }
}
