import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler, QueryBus } from '@nestjs/cqrs';
import type { Reply, ReplyChange } from '@teaminbox/contracts';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import { busEvent, type DomainEventEnvelope } from '../../../platform/projections/domain-events';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { InjectPusher, type ModulePusher } from '../../../platform/realtime/module-pusher';
import type { CONVERSATIONS_PUSHES } from '../conversations.manifest';
import { EMAIL_REPLY_PROJECTION, REPLY_EVENT_TYPES } from '../projections/email-reply/email-reply.projection';
import { GetReplyQuery } from '../queries/get-reply/get-reply.query';

const WAIT_MS = 2000;

const KIND: Record<(typeof REPLY_EVENT_TYPES)[number], ReplyChange['kind']> = {
  ReplyDraftSaved: 'draft-saved',
  ReplyDraftDeleted: 'draft-deleted',
  ReplyQueued: 'queued',
  // An undone send: the queued reply leaves the list (the draft it became is pushed as saved).
  ReplySendCancelled: 'draft-deleted',
  ReplySent: 'sent',
  ReplyFailed: 'failed',
};

/**
 * Pushes 'email.reply' to the team room for drafts saved or deleted and for each step of the outbox (queued, sent,
 * failed), one event after the other in the log's order (a reply's 'queued' never arrives after its 'sent').
 */
@EventsHandler(
  busEvent('ReplyDraftSaved'),
  busEvent('ReplyDraftDeleted'),
  busEvent('ReplyQueued'),
  busEvent('ReplySendCancelled'),
  busEvent('ReplySent'),
  busEvent('ReplyFailed'),
)
export class PushReplyHandler implements IEventHandler<DomainEventEnvelope> {
  private readonly logger = new Logger(PushReplyHandler.name);
  private pushed: Promise<void> = Promise.resolve();

  constructor(
    @InjectPusher() private readonly pushes: ModulePusher<typeof CONVERSATIONS_PUSHES>,
    private readonly runner: ProjectionRunner,
    private readonly queries: QueryBus,
  ) {}

  handle({ event }: DomainEventEnvelope): Promise<void> {
    this.pushed = this.pushed.then(() => this.push(event));
    return this.pushed;
  }

  private async push(event: StoredEvent): Promise<void> {
    const kind = KIND[event.type as keyof typeof KIND];
    const data = event.data as { emailId: string; teamId: string; replyId?: string; draftId?: string };
    const replyId = data.replyId ?? data.draftId ?? '';
    try {
      await this.runner.waitFor(event.position, [EMAIL_REPLY_PROJECTION], WAIT_MS);
      const reply = (await this.queries.execute(new GetReplyQuery(data.teamId, replyId))) ?? goneReply(event, replyId);
      this.pushes.toTeam(data.teamId).emit('email.reply', { emailId: data.emailId, kind, reply });
    } catch (error) {
      this.logger.warn(`Reply push failed: ${(error as Error).message}`);
    }
  }
}

/** A deleted draft has no row any more: the push names it by id. */
function goneReply(event: StoredEvent, id: string): Reply {
  const data = event.data as { emailId: string; teamId: string };
  return {
    id,
    emailId: data.emailId,
    teamId: data.teamId,
    from: null,
    to: [],
    cc: [],
    bcc: [],
    subject: '',
    body: '',
    htmlBody: null,
    isReplyToAll: false,
    createdAt: event.recordedAt.toISOString(),
    updatedAt: null,
    sentAt: null,
    status: 'DRAFT',
    error: null,
    authorId: event.metadata?.actorUserId ?? '',
    authorName: null,
    authorEmail: null,
    attachments: [],
  };
}
