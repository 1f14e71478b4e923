import { Injectable, Logger } from '@nestjs/common';
import type { OutboxEventMap, Reply, ReplyChange } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Reaction } from '../../../platform/projections/projection';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';
import { EMAIL_REPLY_PROJECTION, REPLY_EVENT_TYPES } from './email-reply.projection';
import { type ReplyRow, SELECT_REPLY, toReply } from './reply.mapper';

const WAIT_MS = 2000;

const KIND: Record<(typeof REPLY_EVENT_TYPES)[number], ReplyChange['kind']> = {
  ReplyDraftSaved: 'draft-saved',
  ReplyDraftDeleted: 'draft-deleted',
  ReplyQueued: 'queued',
  ReplySent: 'sent',
  ReplyFailed: 'failed',
};

/**
 * Pushes 'email.reply' to the team room for drafts saved or deleted and for each step of the outbox (queued,
 * sent, failed). A reaction of the durable subscription rather than a bus handler, because the outbox events
 * are not domain events of the bus; it starts at the head (no replay of history to sockets).
 */
@Injectable()
export class PushReplyReaction implements Reaction {
  readonly name = 'push-email-reply';
  readonly eventTypes = REPLY_EVENT_TYPES;
  readonly startAt = 'head' as const;
  private readonly logger = new Logger(PushReplyReaction.name);

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly runner: ProjectionRunner,
    private readonly db: DataSource,
  ) {}

  async afterCommit(events: StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    try {
      await this.runner.waitFor(events[events.length - 1].position, [EMAIL_REPLY_PROJECTION], WAIT_MS);
      for (const event of events) {
        const kind = KIND[event.type as keyof typeof KIND];
        if (!kind) continue;
        const data = event.data as { emailId: string; teamId: string; replyId?: string; draftId?: string };
        const replyId = data.replyId ?? data.draftId ?? '';
        const [row]: ReplyRow[] = await this.db.query(`${SELECT_REPLY} WHERE r.id = $1 AND r.team_id = $2`, [
          replyId,
          data.teamId,
        ]);
        const reply = row ? toReply(row) : goneReply(event, replyId);
        this.gateway.toTeam(data.teamId).emit('email.reply', { emailId: data.emailId, kind, reply });
      }
    } catch (error) {
      this.logger.warn(`Reply push failed: ${(error as Error).message}`);
    }
  }
}

/** A deleted draft has no row any more: the push names it by id. */
function goneReply(event: StoredEvent, id: string): Reply {
  const data = event.data as Partial<OutboxEventMap['ReplyQueued']> & { emailId: string; teamId: string };
  const actor = (event.metadata as { actorUserId?: string | null } | undefined)?.actorUserId ?? '';
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
    authorId: actor,
    authorName: null,
    authorEmail: null,
    attachments: [],
  };
}
