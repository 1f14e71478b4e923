import { Injectable } from '@nestjs/common';
import type { Reply, TReplyDraftRequest } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { DataSource } from 'typeorm';
import {
  DomainError,
  newCorrelationId,
  EventSourcedRepository,
  ReadYourWrites,
} from '../../../platform/event-sourcing';
import { emailDecider, emailStreamId, REPLY_NOT_FOUND_MESSAGE, type WorkOnEmail } from '../domain/email.decider';
import { EmailAccess } from '../email-access';
import { EMAIL_REPLY_PROJECTION } from './email-reply.projection';
import { type ReplyRow, SELECT_REPLY, toReply } from './reply.mapper';

export const SENT_REPLY_UNCHANGEABLE_MESSAGE = 'Only drafts can be changed';
export const SENT_REPLY_UNDELETABLE_MESSAGE = 'A sent reply cannot be deleted';

/**
 * Reply drafts of the team on an email, and the replies handed to the outbox. A draft belongs to the team: any
 * member may edit or delete it (a colleague can finish a reply someone else started); a queued, sent or failed
 * reply cannot be changed (409).
 */
@Injectable()
export class RepliesService {
  constructor(
    private readonly access: EmailAccess,
    private readonly repository: EventSourcedRepository,
    private readonly readYourWrites: ReadYourWrites,
    private readonly db: DataSource,
  ) {}

  async list(userId: string, emailId: string): Promise<Reply[]> {
    const teamId = await this.access.teamWithEmail(userId, emailId);
    const rows: ReplyRow[] = await this.db.query(
      `${SELECT_REPLY} WHERE r.team_id = $1 AND r.email_id = $2 ORDER BY r.created_at, r.id`,
      [teamId, emailId],
    );
    return rows.map(toReply);
  }

  async create(userId: string, emailId: string, draft: TReplyDraftRequest): Promise<Reply> {
    const teamId = await this.access.teamWithEmail(userId, emailId);
    const draftId = uuidv7();
    await this.run(userId, teamId, emailId, {
      type: 'SaveDraft',
      teamId,
      userId,
      draftId,
      create: true,
      draft: fieldsOf(draft),
    });
    return this.get(teamId, emailId, draftId);
  }

  async update(userId: string, emailId: string, replyId: string, draft: TReplyDraftRequest): Promise<Reply> {
    const teamId = await this.access.teamWithEmail(userId, emailId);
    await this.refuseSent(teamId, emailId, replyId, SENT_REPLY_UNCHANGEABLE_MESSAGE);
    await this.run(userId, teamId, emailId, {
      type: 'SaveDraft',
      teamId,
      userId,
      draftId: replyId,
      create: false,
      draft: fieldsOf(draft),
    });
    return this.get(teamId, emailId, replyId);
  }

  async delete(userId: string, emailId: string, replyId: string): Promise<void> {
    const teamId = await this.access.teamWithEmail(userId, emailId);
    await this.refuseSent(teamId, emailId, replyId, SENT_REPLY_UNDELETABLE_MESSAGE);
    await this.run(userId, teamId, emailId, { type: 'DeleteDraft', teamId, draftId: replyId });
  }

  private async refuseSent(teamId: string, emailId: string, replyId: string, message: string): Promise<void> {
    const [row]: { status: string }[] = await this.db.query(
      'SELECT status FROM email_reply WHERE id = $1 AND team_id = $2 AND email_id = $3',
      [replyId, teamId, emailId],
    );
    if (row && row.status !== 'DRAFT') throw new DomainError('conflict', message);
  }

  private async get(teamId: string, emailId: string, replyId: string): Promise<Reply> {
    const [row]: ReplyRow[] = await this.db.query(
      `${SELECT_REPLY} WHERE r.team_id = $1 AND r.email_id = $2 AND r.id = $3`,
      [teamId, emailId, replyId],
    );
    if (!row) throw new DomainError('not-found', REPLY_NOT_FOUND_MESSAGE);
    return toReply(row);
  }

  private async run(userId: string, teamId: string, emailId: string, command: WorkOnEmail): Promise<void> {
    const appended = await this.repository.decide(emailStreamId(emailId), emailDecider, command, {
      actorUserId: userId,
      teamId,
      correlationId: newCorrelationId(),
    });
    await this.readYourWrites.waitFor(appended?.position, [EMAIL_REPLY_PROJECTION]);
  }
}

function fieldsOf(draft: TReplyDraftRequest) {
  return {
    to: draft.to,
    cc: draft.cc,
    bcc: draft.bcc,
    subject: draft.subject,
    body: draft.body,
    htmlBody: draft.htmlBody ?? null,
    isReplyToAll: draft.isReplyToAll,
  };
}
