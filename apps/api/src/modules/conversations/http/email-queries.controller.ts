import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  type Email,
  type Page,
  type TListEmailsQuery,
  type TMyTasksQuery,
  type TListViewQuery,
  type TSearchEmailsQuery,
  ZListEmailsQuery,
  ZListViewQuery,
  ZMyTasksQuery,
  ZSearchEmailsQuery,
} from '@teaminbox/contracts';
import { Caller } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { CountUnreadEmailsQuery } from '../queries/count-unread-emails/count-unread-emails.query';
import { ListEmailsQuery } from '../queries/list-emails/list-emails.query';

/**
 * The inbox's read calls; each list takes `view=conversations` for one row per conversation. Registered before the controllers with `/emails/:id` routes, so that fixed paths
 * (`search`, `my-tasks`, `unread/count`) are matched first.
 */
@Controller('emails')
export class EmailQueriesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(
    @Caller() caller: Caller,
    @Query(new ZodValidationPipe(ZListEmailsQuery)) filters: TListEmailsQuery,
    @Query(new ZodValidationPipe(ZListViewQuery)) { view }: TListViewQuery,
  ): Promise<Page<Email>> {
    return this.queries.execute(new ListEmailsQuery(caller, filters, false, view));
  }

  /** The shell's quick search (page 0, size 5 by default); a blank search finds nothing. */
  @Get('search')
  async search(
    @Caller() caller: Caller,
    @Query(new ZodValidationPipe(ZSearchEmailsQuery)) query: TSearchEmailsQuery,
    @Query(new ZodValidationPipe(ZListViewQuery)) { view }: TListViewQuery,
  ): Promise<Page<Email>> {
    if (!query.search.trim()) return { content: [], totalPages: 0, totalElements: 0 };
    const filters = { ...query, folder: 'inbox' as const, unread: false };
    return this.queries.execute(new ListEmailsQuery(caller, filters, true, view));
  }

  /** Emails assigned to the caller (not spam), with status, priority and search filters. */
  @Get('my-tasks')
  myTasks(
    @Caller() caller: Caller,
    @Query(new ZodValidationPipe(ZMyTasksQuery)) query: TMyTasksQuery,
    @Query(new ZodValidationPipe(ZListViewQuery)) { view }: TListViewQuery,
  ): Promise<Page<Email>> {
    const filters = { ...query, folder: 'my-tasks' as const, unread: false };
    return this.queries.execute(new ListEmailsQuery(caller, filters, false, view));
  }

  @Get('unread/count')
  @Header('Content-Type', 'application/json')
  unreadCount(@Caller() caller: Caller): Promise<number> {
    return this.queries.execute(new CountUnreadEmailsQuery(caller.teamId));
  }
}
