import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type Email, type Page, type TListEmailsQuery, ZListEmailsQuery } from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
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
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(ZListEmailsQuery)) filters: TListEmailsQuery,
  ): Promise<Page<Email>> {
    return this.queries.execute(new ListEmailsQuery(user.id, filters));
  }

  @Get('unread/count')
  @Header('Content-Type', 'application/json')
  unreadCount(@CurrentUser() user: AuthenticatedUser): Promise<number> {
    return this.queries.execute(new CountUnreadEmailsQuery(user.id));
  }
}
