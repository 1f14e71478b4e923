import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { EmailRulesExplanation } from '@teaminbox/contracts';
import { TeamCaller, type TeamCallerOptions } from '../../../platform/auth';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { EMAIL_NOT_FOUND_MESSAGE } from '../queries/get-email-rules/get-email-rules.handler';
import { GetEmailRulesQuery } from '../queries/get-email-rules/get-email-rules.query';

const EMAIL_TEAM: TeamCallerOptions = { noTeam: { kind: 'not-found', message: EMAIL_NOT_FOUND_MESSAGE } };

/** GET /emails/{id}/rules: for the email detail, which rules matched the email on arrival and why. */
@Controller('emails')
export class EmailRulesController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/rules')
  explain(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<EmailRulesExplanation> {
    return this.queries.execute(new GetEmailRulesQuery(caller.teamId, uuidOr404(id, EMAIL_NOT_FOUND_MESSAGE)));
  }
}
