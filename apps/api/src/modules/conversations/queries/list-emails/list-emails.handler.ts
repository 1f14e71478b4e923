import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Email, Page } from '@teaminbox/contracts';
import { UserDirectory } from '../../../identity';
import { InboxEmailQueries } from '../inbox-email.queries';
import { ListEmailsQuery } from './list-emails.query';

@QueryHandler(ListEmailsQuery)
export class ListEmailsHandler implements IQueryHandler<ListEmailsQuery, Page<Email>> {
  constructor(
    private readonly directory: UserDirectory,
    private readonly emails: InboxEmailQueries,
  ) {}

  async execute({ userId, filters, everywhere }: ListEmailsQuery): Promise<Page<Email>> {
    const membership = await this.directory.membershipOf(userId);
    if (!membership) return { content: [], totalPages: 0, totalElements: 0 };
    return this.emails.list(membership.teamId, userId, filters, everywhere);
  }
}
