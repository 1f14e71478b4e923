import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  type Email,
  type Page,
  type TListEmailsQuery,
  type TMyTasksQuery,
  type TSearchEmailsQuery,
  ZListEmailsQuery,
  ZMyTasksQuery,
  ZSearchEmailsQuery,
} from '@teaminbox/contracts';
import { Caller } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { CountUnreadEmailsQuery } from '../queries/count-unread-emails/count-unread-emails.query';
import { ListEmailsQuery } from '../queries/list-emails/list-emails.query';

/**
 * The inbox's read calls. Registered before the controllers with `/emails/:id` routes, so that fixed paths
 * (`search`, `my-tasks`, `unread/count`) are matched first.
 */
@Controller('emails')
export class EmailQueriesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(
    @Caller() caller: Caller,
    @Query(new ZodValidationPipe(ZListEmailsQuery)) filters: TListEmailsQuery,
  ): Promise<Page<Email>> {
    return this.queries.execute(new ListEmailsQuery(caller, filters));
  }

  /** The shell's quick search (page 0, size 5 by default); a blank search finds nothing. */
  @Get('search')
  async search(
    @Caller() caller: Caller,
    @Query(new ZodValidationPipe(ZSearchEmailsQuery)) query: TSearchEmailsQuery,
  ): Promise<Page<Email>> {
    if (!query.search.trim()) return { content: [], totalPages: 0, totalElements: 0 };
    const filters = { ...query, folder: 'inbox' as const, unread: false };
    return this.queries.execute(new ListEmailsQuery(caller, filters, true));
  }

  /** Emails assigned to the caller (not spam), with status, priority and search filters. */
  @Get('my-tasks')
  myTasks(
    @Caller() caller: Caller,
    @Query(new ZodValidationPipe(ZMyTasksQuery)) query: TMyTasksQuery,
  ): Promise<Page<Email>> {
    return this.queries.execute(new ListEmailsQuery(caller, { ...query, folder: 'my-tasks', unread: false }));
  }

  @Get('unread/count')
  @Header('Content-Type', 'application/json')
  unreadCount(@Caller() caller: Caller): Promise<number> {
    return this.queries.execute(new CountUnreadEmailsQuery(caller.teamId));
  }
}
