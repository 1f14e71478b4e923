import { Controller, Get, Param, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type EmailStar, ZStarredQuery } from '@teaminbox/contracts';
import { TeamCaller } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { StarEmailCommand } from '../commands/star-email/star-email.command';
import { ListStarredEmailsQuery } from '../queries/list-starred-emails/list-starred-emails.query';
import { EMAIL_TEAM, emailId } from './email-team';

/**
 * The inbox row's star: a personal marker of the caller on one of the team's emails. Starring goes through the
 * email's stream (the history shows it); GET /emails/starred tells which of the given emails the caller starred.
 */
@Controller('emails')
export class StarsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('starred')
  starred(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Query(new ZodValidationPipe(ZStarredQuery)) query: { ids: string[] },
  ): Promise<string[]> {
    return this.queries.execute(new ListStarredEmailsQuery(caller, query.ids));
  }

  @Put(':id/star')
  star(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<EmailStar> {
    return this.commands.execute(new StarEmailCommand(caller, emailId(id), true));
  }

  @Put(':id/unstar')
  unstar(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<EmailStar> {
    return this.commands.execute(new StarEmailCommand(caller, emailId(id), false));
  }
}
