import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import {
  type Comment,
  EMAIL_NOT_YET_MESSAGE,
  type EmailAsOf,
  type EmailConversationChange,
  type EmailDetail,
  isScheduledSend,
  type Reply,
} from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../platform/auth';
import { DomainError } from '../../../../platform/event-sourcing';
import { EVENT_STORE, type EventStore } from '../../../../platform/event-store/event-store.port';
import { conversationChangesStreamId } from '../../domain/conversation-changes.decider';
import { eventsUpTo, foldEmailAsOf } from '../../domain/email-as-of';
import { changedConversationOf, conversationChangesOf } from '../../domain/email-history';
import { ConversationThreads } from '../../projections/email-thread/conversation-threads';
import { emailStreamId } from '../../domain/email.decider';
import { GetEmailDetailQuery } from '../get-email-detail/get-email-detail.query';
import { type MemberName, memberNames } from '../member-names';
import { GetEmailAsOfQuery } from './get-email-as-of.query';

/**
 * The email as it stood at an instant: the detail of today for what never changes (the message itself: subject,
 * bodies, sender, attachments; and the 404 of another team's email), with every field that changes taken from the
 * email's events folded up to the instant by the email decider's own evolve. The last change of the email's
 * conversation up to the instant (a merge of the conversation it was in, or its own split) comes from the team's
 * conversation changes (`conversations-<teamId>`).
 */
@QueryHandler(GetEmailAsOfQuery)
export class GetEmailAsOfHandler implements IQueryHandler<GetEmailAsOfQuery, EmailAsOf> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly queries: QueryBus,
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly threads: ConversationThreads,
  ) {}

  async execute({ caller, emailId, asOf }: GetEmailAsOfQuery): Promise<EmailAsOf> {
    const detail = await this.queries.execute<GetEmailDetailQuery, EmailDetail>(
      new GetEmailDetailQuery(caller, emailId),
    );
    const instant = Math.min(asOf, this.clock.now().getTime());
    const events = await this.store.readStream(emailStreamId(emailId));
    const fold = foldEmailAsOf(events, instant);
    const { state } = fold;
    if (state.status !== 'received') throw new DomainError('not-found', EMAIL_NOT_YET_MESSAGE);

    const conversation = (await this.threads.conversationsOf(caller.teamId, [emailId])).get(emailId);
    const concerning = conversationChangesOf(await this.store.readStream(conversationChangesStreamId(caller.teamId)), {
      emailId,
      threadId: conversation?.threadId ?? null,
      since: Date.parse(events[0].metadata.occurredAt),
    });
    const [change] = eventsUpTo(
      concerning.filter((event) => changedConversationOf(event, emailId)),
      instant,
    ).reverse();
    const changeData = (change?.data ?? {}) as { intoThreadId?: string; newThreadId?: string };
    const conversationChange: EmailConversationChange | null = change
      ? {
          type: change.type === 'ConversationsMerged' ? 'ConversationsMerged' : 'EmailSplitFromConversation',
          occurredAt: change.metadata.occurredAt,
          conversationId:
            (change.type === 'ConversationsMerged' ? changeData.intoThreadId : changeData.newThreadId) ?? '',
        }
      : null;

    const names = await memberNames(this.db, [
      ...(state.assignedTo ? [state.assignedTo] : []),
      ...[...fold.comments.values()].map((comment) => comment.userId),
      ...[...fold.drafts.values()].map((draft) => draft.draft.userId),
      ...[...fold.replies.values()].map((reply) => reply.queued.queuedBy),
    ]);
    const nameOf = (member: MemberName | undefined) => (member ? (member.name ?? member.email) : null);

    const comments: Comment[] = [...fold.comments].map(([id, comment]) => ({
      id,
      emailId,
      message: comment.message,
      userId: comment.userId,
      userName: nameOf(names.get(comment.userId)),
      userEmail: names.get(comment.userId)?.email ?? '',
      mentions: comment.mentions,
      createdAt: comment.createdAt,
      updatedAt: comment.updatedAt,
    }));
    const drafts: Reply[] = [...fold.drafts].map(([id, { draft, createdAt, updatedAt }]) => ({
      id,
      emailId,
      teamId: state.teamId,
      from: null,
      to: draft.to,
      cc: draft.cc,
      bcc: draft.bcc,
      subject: draft.subject,
      body: draft.body,
      htmlBody: draft.htmlBody,
      isReplyToAll: draft.isReplyToAll,
      createdAt,
      updatedAt,
      sentAt: null,
      status: 'DRAFT',
      error: null,
      authorId: draft.userId,
      authorName: nameOf(names.get(draft.userId)),
      authorEmail: names.get(draft.userId)?.email ?? null,
      attachments: [],
    }));
    const replies: EmailAsOf['replies'] = [...fold.replies].map(([id, { queued, queuedAt, outcome }]) => ({
      id,
      emailId,
      teamId: state.teamId,
      from: queued.from.email,
      to: queued.to,
      cc: queued.cc,
      bcc: queued.bcc,
      subject: queued.subject,
      body: queued.text,
      htmlBody: queued.html,
      isReplyToAll: false,
      createdAt: queuedAt,
      updatedAt: null,
      sentAt: outcome?.type === 'ReplySent' ? outcome.data.sentAt : null,
      status: outcome ? (outcome.type === 'ReplySent' ? 'SENT' : 'FAILED') : 'QUEUED',
      error: outcome?.type === 'ReplyFailed' ? outcome.data.error : null,
      authorId: queued.queuedBy,
      authorName: nameOf(names.get(queued.queuedBy)),
      authorEmail: names.get(queued.queuedBy)?.email ?? null,
      attachments: queued.attachments,
      scheduledFor: !outcome && isScheduledSend(queuedAt, queued.sendAt) ? queued.sendAt : null,
    }));

    return {
      ...detail,
      read: state.read,
      readAt: fold.lastRead?.readAt ?? null,
      readBy: fold.lastRead?.userId ?? null,
      isArchived: state.archived,
      isSpam: state.spam,
      snoozedUntil: state.snooze?.until ?? null,
      status: state.emailStatus,
      priority: state.emailPriority,
      assignedTo: state.assignedTo,
      assignedToName: state.assignedTo ? (nameOf(names.get(state.assignedTo)) ?? fold.assignedToName) : null,
      labels: [...state.labels],
      labelNames: Object.fromEntries(fold.labelNames),
      muted: state.mutedBy.includes(caller.userId),
      comments,
      replies: [...drafts, ...replies],
      asOf: new Date(instant).toISOString(),
      version: fold.version,
      conversationChange,
    };
  }
}
