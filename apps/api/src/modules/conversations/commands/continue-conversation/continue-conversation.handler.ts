import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { type EmailReceived, type EmailStatus, isAssignableRole, type Priority } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { v5 as uuidv5 } from 'uuid';
import { EventSourcedRepository, ReadYourWrites } from '../../../../platform/event-sourcing';
import type { Position } from '../../../../platform/event-store/event-store.port';
import { RequestContext } from '../../../../platform/request-context';
import { UserDirectory } from '../../../identity';
import { GetLabelQuery } from '../../../labels';
import { emailDecider, emailStreamId, type WorkOnEmail } from '../../domain/email.decider';
import { type ConversationEmail, continuationOf } from '../../domain/conversation-continuation';
import { ConversationThreads } from '../../projections/email-thread/conversation-threads';
import { INBOX_EMAIL_PROJECTION } from '../../projections/inbox-email/inbox-email.projection';
import { ContinueConversationCommand } from './continue-conversation.command';

/** Namespace of the ids of the events a follow-up causes (uuid v5 of its EmailReceived's id, the email and a key). */
const CONTINUATION_EVENT_NAMESPACE = '2d4f6a8c-1b3e-4c5d-8e7f-9a0b1c2d3e4f';

interface EmailRow {
  id: string;
  assigned_to: string | null;
  labels: string[];
  priority: Priority;
  status: EmailStatus;
  is_archived: boolean;
  received_at: Date;
}

/**
 * Gives a follow-up its conversation's state (domain/conversation-continuation.ts decides what changes) and appends
 * it with the email decider, acted by the system in the correlation of the follow-up's arrival. The assignment is an
 * `EmailAssigned` like any other, so the assignee is notified as of an assignment, through their settings.
 */
@CommandHandler(ContinueConversationCommand)
export class ContinueConversationHandler implements ICommandHandler<ContinueConversationCommand, void> {
  private readonly logger = new Logger(ContinueConversationHandler.name);

  constructor(
    private readonly db: DataSource,
    private readonly threads: ConversationThreads,
    private readonly repository: EventSourcedRepository,
    private readonly readYourWrites: ReadYourWrites,
    private readonly directory: UserDirectory,
    private readonly queries: QueryBus,
  ) {}

  async execute({ cause }: ContinueConversationCommand): Promise<void> {
    const { emailId, teamId } = cause.data as EmailReceived;
    const thread = await this.threads.threadOf(teamId, emailId);
    if (thread.length < 2) return;
    const rows: EmailRow[] = await this.db.query(
      `SELECT id, assigned_to, labels, priority, status, is_archived, received_at FROM inbox_email
        WHERE team_id = $1 AND id = ANY($2::uuid[])`,
      [teamId, thread],
    );
    const emails: ConversationEmail[] = rows.map((row) => ({
      emailId: row.id,
      assignedTo: row.assigned_to,
      labels: row.labels,
      priority: row.priority,
      status: row.status,
      archived: row.is_archived,
      receivedAt: new Date(row.received_at).toISOString(),
    }));
    const plan = continuationOf(emailId, emails);
    if (!plan) return;

    const member = plan.assignTo
      ? (await this.directory.membersOf(teamId)).find((m) => m.id === plan.assignTo && isAssignableRole(m.role))
      : undefined;
    if (plan.assignTo && !member) this.logger.log(`Email ${emailId}: its conversation's assignee left the team`);
    const labels: { labelId: string; labelName: string }[] = [];
    for (const labelId of plan.addLabels) {
      // A label deleted meanwhile is not given (labels answers 404).
      const label = await this.queries.execute(new GetLabelQuery(teamId, labelId)).catch(() => null);
      if (label) labels.push({ labelId, labelName: label.name });
    }

    const followUp: WorkOnEmail[] = [
      ...(member
        ? [
            {
              type: 'Assign' as const,
              teamId,
              assignedTo: member.id,
              assignedToName: member.name || null,
              assignedToEmail: member.email,
              // The rule engine's assignment of this follow-up yields to it (see keepsConversationAssignee).
              via: 'conversation' as const,
            },
          ]
        : []),
      ...labels.map((label) => ({ type: 'AddLabel' as const, teamId, ...label })),
      ...(plan.priority ? [{ type: 'SetPriority' as const, teamId, priority: plan.priority }] : []),
      ...(plan.status ? [{ type: 'SetStatus' as const, teamId, status: plan.status }] : []),
    ];
    const streams = [
      { emailId, work: followUp },
      ...plan.reopen.map((reopened) => ({
        emailId: reopened.emailId,
        work: [
          ...(reopened.status ? [{ type: 'SetStatus' as const, teamId, status: reopened.status }] : []),
          ...(reopened.unarchive ? [{ type: 'Unarchive' as const, teamId }] : []),
        ] satisfies WorkOnEmail[],
      })),
    ].filter((stream) => stream.work.length > 0);
    if (streams.length === 0) return;

    const scope = RequestContext.ofEvent(cause);
    const outcomes = await this.repository.decideEach(
      emailDecider,
      streams.map((stream) => ({
        streamId: emailStreamId(stream.emailId),
        commands: stream.work.map((command, commandIndex) => ({
          command,
          scope,
          eventIds: (_event: unknown, index: number) =>
            uuidv5(`${cause.eventId}\n${stream.emailId}\n${commandIndex}\n${index}`, CONTINUATION_EVENT_NAMESPACE),
        })),
      })),
      // A member working on one of the emails at the same moment: that email is decided again on its new state.
      { teamId, retries: 5 },
    );
    const appended: Position[] = [];
    for (const outcome of outcomes) {
      if ('error' in outcome) {
        this.logger.warn(
          `Email ${emailId}: ${outcome.streamId} did not take its conversation's state: ${outcome.error.message}`,
        );
      } else if (outcome.appended) {
        appended.push(outcome.appended.position);
      }
    }
    // The next follow-up of the conversation reads the inbox read model with this one's state.
    for (const position of appended) await this.readYourWrites.waitFor(position, [INBOX_EMAIL_PROJECTION]);
  }
}
