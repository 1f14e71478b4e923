import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  EMAIL_HISTORY_READER_ROLES,
  type Email,
  type EmailAction,
  type EmailAsOf,
  type EmailDetail,
  type EmailHistoryEntry,
  type SuccessMessageResponse,
  type TAssignRequest,
  type TEmailPriorityRequest,
  type TAsOfQuery,
  type TEmailStatusRequest,
  type ThreadMessage,
  type TLogActionRequest,
  type TSnoozeEmailRequest,
  type TWorkScopeQuery,
  type WorkScope,
  ZAddLabelToEmailRequest,
  ZAsOfQuery,
  ZAssignRequest,
  ZEmailPriorityRequest,
  ZEmailStatusRequest,
  ZLogActionRequest,
  ZSnoozeEmailRequest,
  ZWorkScopeQuery,
} from '@teaminbox/contracts';
import { RequireRole, TeamCaller } from '../../../platform/auth';
import { DomainError } from '../../../platform/event-sourcing';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import {
  CreateSampleEmailsCommand,
  TEAM_REQUIRED_MESSAGE,
} from '../commands/create-sample-emails/create-sample-emails.command';
import { LogEmailActionCommand } from '../commands/log-email-action/log-email-action.command';
import { SnoozeEmailCommand } from '../commands/snooze-email/snooze-email.command';
import { WakeEmailCommand } from '../commands/wake-email/wake-email.command';
import { type EmailWork, WorkOnEmailCommand } from '../commands/work-on-email/work-on-email.command';
import { ConversationThreads } from '../projections/email-thread/conversation-threads';
import { GetEmailAsOfQuery } from '../queries/get-email-as-of/get-email-as-of.query';
import { GetEmailDetailQuery } from '../queries/get-email-detail/get-email-detail.query';
import { GetEmailHistoryQuery } from '../queries/get-email-history/get-email-history.query';
import { GetEmailThreadQuery } from '../queries/get-email-thread/get-email-thread.query';
import { ListEmailActionsQuery } from '../queries/list-email-actions/list-email-actions.query';
import { EMAIL_TEAM, emailId } from './email-team';

/** Commands on the team's emails (`scope=conversation`: on each email of its conversation) and the reads of one email. */
@Controller('emails')
export class EmailsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly threads: ConversationThreads,
  ) {}

  @Post('sample')
  @HttpCode(200)
  createSamples(
    @TeamCaller({ noTeam: { kind: 'conflict', message: TEAM_REQUIRED_MESSAGE } }) caller: TeamCaller,
  ): Promise<SuccessMessageResponse> {
    return this.commands.execute(new CreateSampleEmailsCommand(caller));
  }

  /** Today's email, or with `?asOf=` the email as it stood at that instant (readers of the email's history). */
  @Get(':id')
  detail(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZAsOfQuery)) query: TAsOfQuery,
  ): Promise<EmailDetail | EmailAsOf> {
    const email = emailId(id);
    if (query.asOf === undefined) return this.queries.execute(new GetEmailDetailQuery(caller, email));
    if (!(EMAIL_HISTORY_READER_ROLES as readonly string[]).includes(caller.role)) {
      throw new DomainError('forbidden', 'Forbidden!');
    }
    return this.queries.execute(new GetEmailAsOfQuery(caller, email, Date.parse(query.asOf)));
  }

  /** Every event of the email, oldest first, with actor, change and correlation. */
  @Get(':id/history')
  @RequireRole(...EMAIL_HISTORY_READER_ROLES)
  history(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<EmailHistoryEntry[]> {
    return this.queries.execute(new GetEmailHistoryQuery(caller, emailId(id)));
  }

  @Get(':id/thread')
  thread(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<ThreadMessage[]> {
    return this.queries.execute(new GetEmailThreadQuery(caller.teamId, emailId(id)));
  }

  @Put(':id/status')
  status(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
    @Body(new ZodValidationPipe(ZEmailStatusRequest)) body: TEmailStatusRequest,
  ): Promise<Email> {
    return this.work(caller, id, { type: 'SetStatus', status: body.status }, scope);
  }

  @Put(':id/priority')
  priority(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
    @Body(new ZodValidationPipe(ZEmailPriorityRequest)) body: TEmailPriorityRequest,
  ): Promise<Email> {
    return this.work(caller, id, { type: 'SetPriority', priority: body.priority }, scope);
  }

  @Put(':id/read')
  read(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
  ): Promise<Email> {
    return this.work(caller, id, { type: 'MarkRead' }, scope);
  }

  @Put(':id/unread')
  unread(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
  ): Promise<Email> {
    return this.work(caller, id, { type: 'MarkUnread' }, scope);
  }

  @Put(':id/archive')
  archive(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
  ): Promise<Email> {
    return this.work(caller, id, { type: 'Archive' }, scope);
  }

  @Put(':id/unarchive')
  unarchive(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
  ): Promise<Email> {
    return this.work(caller, id, { type: 'Unarchive' }, scope);
  }

  @Put(':id/spam')
  spam(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
  ): Promise<Email> {
    return this.work(caller, id, { type: 'MarkSpam' }, scope);
  }

  @Put(':id/not-spam')
  notSpam(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
  ): Promise<Email> {
    return this.work(caller, id, { type: 'MarkNotSpam' }, scope);
  }

  @Put(':id/notifications/mute')
  mute(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<Email> {
    return this.work(caller, id, { type: 'Mute' }, 'email');
  }

  @Put(':id/notifications/unmute')
  unmute(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<Email> {
    return this.work(caller, id, { type: 'Unmute' }, 'email');
  }

  @Put(':id/assign')
  assign(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
    @Body(new ZodValidationPipe(ZAssignRequest)) body: TAssignRequest,
  ): Promise<Email> {
    return this.work(caller, id, { type: 'Assign', assignedTo: body.assignedTo || null }, scope);
  }

  @Post(':id/labels')
  @HttpCode(200)
  addLabel(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
    @Body(new ZodValidationPipe(ZAddLabelToEmailRequest)) body: { id: string },
  ): Promise<Email> {
    return this.work(caller, id, { type: 'AddLabel', labelId: body.id }, scope);
  }

  @Delete(':id/labels/:labelId')
  removeLabel(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
    @Param('labelId') labelId: string,
  ): Promise<Email> {
    return this.work(caller, id, { type: 'RemoveLabel', labelId: uuidOr404(labelId, 'Label not found') }, scope);
  }

  /** Out of the inbox until `until` (in the snoozed folder); it comes back unread then, or when the customer answers. */
  @Put(':id/snooze')
  async snooze(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
    @Body(new ZodValidationPipe(ZSnoozeEmailRequest)) body: TSnoozeEmailRequest,
  ): Promise<Email> {
    return this.onScope(caller, id, scope, (email) => new SnoozeEmailCommand(caller, email, body.until));
  }

  /** "Wake up now": back in the inbox (409 when the email is not snoozed; with scope=conversation, the snoozed ones). */
  @Delete(':id/snooze')
  async wake(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZWorkScopeQuery)) { scope }: TWorkScopeQuery,
  ): Promise<Email> {
    return this.onScope(caller, id, scope, (email) => new WakeEmailCommand(caller, email), true);
  }

  @Get(':id/actions')
  actions(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<EmailAction[]> {
    return this.queries.execute(new ListEmailActionsQuery(caller.teamId, emailId(id)));
  }

  /** The spec's log call: kept as EmailActionLogged on the email's stream (the server logs its own changes too). */
  @Post(':id/actions')
  @HttpCode(200)
  logAction(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZLogActionRequest)) body: TLogActionRequest,
  ): Promise<EmailAction[]> {
    return this.commands.execute(new LogEmailActionCommand(caller, emailId(id), body));
  }

  /**
   * The change on the email, or with `scope=conversation` on every email of its conversation: the email first (another
   * team's id answers 404 before anything changes), then the others one by one, each its own command and event.
   * Answers the email named.
   */
  private async onScope(
    caller: TeamCaller,
    id: string,
    scope: WorkScope,
    commandFor: (emailId: string) => SnoozeEmailCommand | WakeEmailCommand,
    othersMayRefuse = false,
  ): Promise<Email> {
    const email = emailId(id);
    const changed: Email = await this.commands.execute(commandFor(email));
    if (scope === 'conversation') {
      const [, ...others] = await this.threads.threadOf(caller.teamId, email);
      for (const other of others) {
        // Waking a conversation wakes its snoozed emails; the others have nothing to wake.
        await this.commands.execute(commandFor(other)).catch((error: unknown) => {
          if (!othersMayRefuse || !(error instanceof DomainError) || error.kind !== 'conflict') throw error;
        });
      }
    }
    return changed;
  }

  private async work(caller: TeamCaller, id: string, work: EmailWork, scope: WorkScope): Promise<Email> {
    const email = emailId(id);
    const changed: Email = await this.commands.execute(new WorkOnEmailCommand(caller, email, work));
    if (scope === 'conversation') {
      const [, ...others] = await this.threads.threadOf(caller.teamId, email);
      for (const other of others) await this.commands.execute(new WorkOnEmailCommand(caller, other, work));
    }
    return changed;
  }
}
