import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Email, Page } from '@teaminbox/contracts';
import { InboxEmailQueries } from '../inbox-email.queries';
import { ListEmailsQuery } from './list-emails.query';

@QueryHandler(ListEmailsQuery)
export class ListEmailsHandler implements IQueryHandler<ListEmailsQuery, Page<Email>> {
  constructor(private readonly emails: InboxEmailQueries) {}

  async execute({ caller, filters, everywhere, view }: ListEmailsQuery): Promise<Page<Email>> {
    if (!caller.teamId) return { content: [], totalPages: 0, totalElements: 0 };
    return this.emails.list(caller.teamId, caller.userId, filters, everywhere, view);
  }
}
