import { Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type Email,
  type Page,
  type SuccessMessageResponse,
  type TListEmailsQuery,
  ZListEmailsQuery,
} from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { CreateSampleEmailsCommand } from '../commands/create-sample-emails/create-sample-emails.command';
import { CountUnreadEmailsQuery } from '../queries/count-unread-emails/count-unread-emails.query';
import { ListEmailsQuery } from '../queries/list-emails/list-emails.query';

@Controller('emails')
export class EmailsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

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

  @Post('sample')
  @HttpCode(200)
  createSamples(@CurrentUser() user: AuthenticatedUser): Promise<SuccessMessageResponse> {
    return this.commands.execute(new CreateSampleEmailsCommand(user.id));
  }
}
