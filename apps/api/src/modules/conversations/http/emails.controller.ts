import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type Email,
  type EmailAction,
  type EmailDetail,
  type SuccessMessageResponse,
  type TAssignRequest,
  type ThreadMessage,
  type TLogActionRequest,
  ZAddLabelToEmailRequest,
  ZAssignRequest,
  ZLogActionRequest,
} from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { ANY, EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { UserDirectory } from '../../identity';
import { DomainError, newCorrelationId, toNewEvents, ReadYourWrites } from '../../../platform/event-sourcing';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { CreateSampleEmailsCommand } from '../commands/create-sample-emails/create-sample-emails.command';
import { type EmailWork, WorkOnEmailCommand } from '../commands/work-on-email/work-on-email.command';
import { EMAIL_NOT_FOUND_MESSAGE, emailStreamId } from '../domain/email.decider';
import { EMAIL_ACTION_PROJECTION } from '../projections/email-action/email-action.projection';
import { EmailDetailQueries } from '../queries/email-detail.queries';
import { EmailThreadQueries } from '../thread/email-thread.queries';

/** A malformed id names no email of the caller's team: 404, like another team's id. */
const emailId = (id: string): string => uuidOr404(id, EMAIL_NOT_FOUND_MESSAGE);

/** Commands on the team's emails and the reads of one email. */
@Controller('emails')
export class EmailsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly detailQueries: EmailDetailQueries,
    private readonly threadQueries: EmailThreadQueries,
    private readonly directory: UserDirectory,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Post('sample')
  @HttpCode(200)
  createSamples(@CurrentUser() user: AuthenticatedUser): Promise<SuccessMessageResponse> {
    return this.commands.execute(new CreateSampleEmailsCommand(user.id));
  }

  @Get(':id')
  async detail(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<EmailDetail> {
    const teamId = await this.teamOf(user);
    const detail = await this.detailQueries.detail(teamId, user.id, emailId(id));
    if (!detail) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    return detail;
  }

  @Get(':id/thread')
  async thread(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<ThreadMessage[]> {
    const teamId = await this.teamOf(user);
    return this.threadQueries.thread(teamId, emailId(id));
  }

  @Put(':id/read')
  read(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<Email> {
    return this.work(user, id, { type: 'MarkRead' });
  }

  @Put(':id/unread')
  unread(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<Email> {
    return this.work(user, id, { type: 'MarkUnread' });
  }

  @Put(':id/archive')
  archive(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<Email> {
    return this.work(user, id, { type: 'Archive' });
  }

  @Put(':id/unarchive')
  unarchive(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<Email> {
    return this.work(user, id, { type: 'Unarchive' });
  }

  @Put(':id/spam')
  spam(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<Email> {
    return this.work(user, id, { type: 'MarkSpam' });
  }

  @Put(':id/not-spam')
  notSpam(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<Email> {
    return this.work(user, id, { type: 'MarkNotSpam' });
  }

  @Put(':id/notifications/mute')
  mute(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<Email> {
    return this.work(user, id, { type: 'Mute' });
  }

  @Put(':id/notifications/unmute')
  unmute(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<Email> {
    return this.work(user, id, { type: 'Unmute' });
  }

  @Put(':id/assign')
  assign(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZAssignRequest)) body: TAssignRequest,
  ): Promise<Email> {
    return this.work(user, id, { type: 'Assign', assignedTo: body.assignedTo || null });
  }

  @Post(':id/labels')
  @HttpCode(200)
  addLabel(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZAddLabelToEmailRequest)) body: { id: string },
  ): Promise<Email> {
    return this.work(user, id, { type: 'AddLabel', labelId: body.id });
  }

  @Delete(':id/labels/:labelId')
  removeLabel(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Param('labelId') labelId: string,
  ): Promise<Email> {
    return this.work(user, id, { type: 'RemoveLabel', labelId: uuidOr404(labelId, 'Label not found') });
  }

  @Get(':id/actions')
  async actions(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<EmailAction[]> {
    const teamId = await this.teamOf(user);
    if (!(await this.detailQueries.email(teamId, emailId(id)))) {
      throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    }
    return this.detailQueries.actions(teamId, id);
  }

  /** The spec's log call: kept as EmailActionLogged on the email's stream (the server logs its own changes too). */
  @Post(':id/actions')
  @HttpCode(200)
  async logAction(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZLogActionRequest)) body: TLogActionRequest,
  ): Promise<EmailAction[]> {
    const teamId = await this.teamOf(user);
    if (!(await this.detailQueries.email(teamId, emailId(id)))) {
      throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    }
    const context = { actorUserId: user.id, teamId, correlationId: newCorrelationId() };
    const event = {
      type: 'EmailActionLogged' as const,
      data: { emailId: id, teamId, actionId: uuidv7(), type: body.type, details: body.details },
    };
    const appended = await this.store.appendToStream(emailStreamId(id), toNewEvents([event], context), ANY);
    await this.readYourWrites.waitFor(appended.position, [EMAIL_ACTION_PROJECTION]);
    return this.detailQueries.actions(teamId, id);
  }

  private async teamOf(user: AuthenticatedUser): Promise<string> {
    const teamId = await this.directory.teamOf(user.id);
    if (!teamId) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    return teamId;
  }

  private work(user: AuthenticatedUser, id: string, work: EmailWork): Promise<Email> {
    return this.commands.execute(new WorkOnEmailCommand(user.id, emailId(id), work));
  }
}
