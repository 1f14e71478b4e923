import { Controller, Get, Param, Put, Query } from '@nestjs/common';
import { type EmailStar, ZStarredQuery } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { UserDirectory } from '../../identity';
import {
  DomainError,
  newCorrelationId,
  EventSourcedRepository,
  ReadYourWrites,
} from '../../../platform/event-sourcing';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { EMAIL_NOT_FOUND_MESSAGE, emailDecider, emailStreamId } from '../domain/email.decider';
import { EMAIL_STAR_PROJECTION } from './email-star.projection';

/**
 * The inbox row's star: a personal marker of the caller on one of the team's emails. Starring goes through the
 * email's stream (the history shows it); GET /emails/starred tells which of the given emails the caller starred.
 */
@Controller('emails')
export class StarsController {
  constructor(
    private readonly directory: UserDirectory,
    private readonly repository: EventSourcedRepository,
    private readonly readYourWrites: ReadYourWrites,
    private readonly db: DataSource,
  ) {}

  @Get('starred')
  async starred(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(ZStarredQuery)) query: { ids: string[] },
  ): Promise<string[]> {
    const teamId = await this.teamOf(user);
    if (query.ids.length === 0) return [];
    const rows: { email_id: string }[] = await this.db.query(
      'SELECT email_id FROM email_star WHERE user_id = $1 AND team_id = $2 AND email_id = ANY($3::uuid[])',
      [user.id, teamId, query.ids],
    );
    return rows.map((row) => row.email_id);
  }

  @Put(':id/star')
  star(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<EmailStar> {
    return this.change(user, id, true);
  }

  @Put(':id/unstar')
  unstar(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<EmailStar> {
    return this.change(user, id, false);
  }

  private async change(user: AuthenticatedUser, id: string, starred: boolean): Promise<EmailStar> {
    const emailId = uuidOr404(id, EMAIL_NOT_FOUND_MESSAGE);
    const teamId = await this.teamOf(user);
    const appended = await this.repository.decide(
      emailStreamId(emailId),
      emailDecider,
      { type: starred ? 'Star' : 'Unstar', teamId, userId: user.id },
      { actorUserId: user.id, teamId, correlationId: newCorrelationId() },
    );
    await this.readYourWrites.waitFor(appended?.position, [EMAIL_STAR_PROJECTION]);
    return { emailId, starred };
  }

  private async teamOf(user: AuthenticatedUser): Promise<string> {
    const teamId = await this.directory.teamOf(user.id);
    if (!teamId) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    return teamId;
  }
}
