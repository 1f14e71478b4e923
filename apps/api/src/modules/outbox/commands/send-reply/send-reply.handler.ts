import { Inject, Injectable } from '@nestjs/common';
import type { EmailReceived, ReplyQueued, SendReplyResponse, TSendReplyRequest } from '@teaminbox/contracts';
import { v4 as uuidv4, v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { ANY, EVENT_STORE, type EventStore, type StoredEvent } from '../../../../platform/event-store/event-store.port';
import { emailStreamId } from '../../../conversations/domain/email.decider';
import { EMAIL_REPLY_PROJECTION } from '../../../conversations/replies/email-reply.projection';
import { UserDirectory } from '../../../identity/user-directory';
import { SAVE_CONFIG_FIRST_MESSAGE } from '../../../mail/queries/list-imap-folders/list-imap-folders.handler';
import { DomainError } from '../../../shared/domain-error';
import { ReadYourWrites } from '../../../shared/read-your-writes';
import { replyEventIdOf } from '../../domain/outbox-events';
import {
  assertContentType,
  assertHeaderValue,
  messageIdFor,
  normalizeMessageId,
  parseRecipient,
  referencesFor,
} from '../../domain/reply-message';
import { OutboxStore, type StoredReplyAttachment } from '../../outbox.store';

export const REPLY_QUEUED_MESSAGE = 'Reply queued';
export const NOT_TEAM_MEMBER_MESSAGE = 'You are not a member of this team';
export const EMAIL_NOT_FOUND_MESSAGE = 'Email not found';
export const INVALID_ATTACHMENT_MESSAGE = 'Invalid attachment content';

/** Namespace of the ids of a reply sent with an idempotency key (the reply and its attachments). */
const IDEMPOTENT_REPLY_NAMESPACE = 'c0b7e8d2-5f64-4a8e-9d1b-3e2f6a7c9b10';

/** Namespace of the id of the ReplyDraftDeleted that goes with a reply sent from a draft. */
const DRAFT_DELETED_NAMESPACE = '6f1f4f9e-3c55-4f7e-9a55-0a7f2d0f5c11';

export const COLLISION_MESSAGE = 'New activity on this email since you started your reply';

/** Someone else commented or replied after `startedAt`: 409 with what arrived (nothing is queued). */
function assertNoCollision(history: StoredEvent[], userId: string, startedAt: string): void {
  const since = Date.parse(startedAt);
  const after = (event: StoredEvent) => Date.parse(event.metadata.occurredAt) > since;
  const byOther = (event: StoredEvent) => event.metadata.actorUserId !== userId;
  const comments = history.filter((e) => e.type === 'CommentAdded' && after(e) && byOther(e)).length;
  const replies = history.filter((e) => e.type === 'ReplyQueued' && after(e) && byOther(e)).length;
  if (comments + replies > 0) {
    throw new DomainError('conflict', COLLISION_MESSAGE, { collision: { comments, replies, since: startedAt } });
  }
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * SendReply: validates the reply, gives it our own Message-ID and the thread headers of the email it answers,
 * stores its attachments and appends ReplyQueued to the email's stream (with ReplyDraftDeleted when it was written
 * in a draft). The outbox reaction turns that event into a send-email job in the same transaction as its checkpoint.
 * With `startedAt` and without `confirmed`, a comment or a reply by someone else since then answers 409 instead.
 */
@Injectable()
export class SendReplyHandler {
  constructor(
    private readonly directory: UserDirectory,
    private readonly outbox: OutboxStore,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute(userId: string, request: TSendReplyRequest): Promise<SendReplyResponse> {
    const teamId = await this.directory.teamOf(userId);
    if (!teamId || teamId !== request.teamId) throw new DomainError('forbidden', NOT_TEAM_MEMBER_MESSAGE);

    assertHeaderValue(request.subject);
    const to = request.to.map(parseRecipient);
    const cc = request.cc.map(parseRecipient);
    const bcc = request.bcc.map(parseRecipient);
    // With a key (the draft id, or the client's), a doubled or retried request names the same reply: its events,
    // attachments and send job are stored once, and the answer is the same.
    const key = request.draftId ?? request.idempotencyKey;
    const replyId = key ? uuidv5(`${teamId}\n${request.emailId}\n${key}`, IDEMPOTENT_REPLY_NAMESPACE) : uuidv7();
    const attachments: StoredReplyAttachment[] = request.attachments.map((attachment, index) => {
      assertHeaderValue(attachment.fileName);
      assertContentType(attachment.contentType);
      const base64 = attachment.base64Content.replace(/\s+/g, '');
      if (!BASE64.test(base64)) throw new DomainError('invalid', INVALID_ATTACHMENT_MESSAGE);
      const content = Buffer.from(base64, 'base64');
      return {
        id: key ? uuidv5(`${replyId}\nattachment\n${index}`, IDEMPOTENT_REPLY_NAMESPACE) : uuidv4(),
        fileName: attachment.fileName,
        contentType: attachment.contentType.trim(),
        size: content.length,
        content,
      };
    });

    const history = await this.store.readStream(emailStreamId(request.emailId));
    const original = history.find((event) => event.type === 'EmailReceived')?.data as EmailReceived | undefined;
    if (!original || original.teamId !== teamId) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    if (history.some((e) => e.type === 'ReplyQueued' && (e.data as ReplyQueued).replyId === replyId)) {
      return { success: true, message: REPLY_QUEUED_MESSAGE, replyId };
    }
    if (request.startedAt && request.confirmed !== true) assertNoCollision(history, userId, request.startedAt);
    const draftOpen =
      request.draftId !== undefined &&
      history.some(
        (e) => e.type === 'ReplyDraftSaved' && (e.data as { draftId: string }).draftId === request.draftId,
      ) &&
      !history.some(
        (e) => e.type === 'ReplyDraftDeleted' && (e.data as { draftId: string }).draftId === request.draftId,
      );

    const settings = await this.outbox.settingsOf(teamId);
    if (!settings) throw new DomainError('invalid', SAVE_CONFIG_FIRST_MESSAGE);

    const originalMessageId = normalizeMessageId(original.messageId);
    const data: ReplyQueued = {
      replyId,
      emailId: request.emailId,
      teamId,
      messageId: messageIdFor(replyId, settings.fromEmail),
      inReplyTo: originalMessageId,
      references: referencesFor(original.references ?? [], originalMessageId),
      from: { name: settings.fromName, email: settings.fromEmail },
      to,
      cc,
      bcc,
      subject: request.subject,
      text: request.body,
      html: request.htmlBody ?? null,
      attachments: attachments.map(({ id, fileName, contentType, size }) => ({ id, fileName, contentType, size })),
      queuedBy: userId,
    };
    await this.outbox.saveAttachments(replyId, teamId, attachments);
    const metadata = {
      actorUserId: userId,
      teamId,
      correlationId: uuidv7(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    };
    const appended = await this.store.appendToStream(
      emailStreamId(request.emailId),
      [
        ...(draftOpen
          ? [
              {
                eventId: uuidv5(`${replyId}\ndraft-deleted`, DRAFT_DELETED_NAMESPACE),
                type: 'ReplyDraftDeleted',
                data: { emailId: request.emailId, teamId, draftId: request.draftId },
                metadata,
              },
            ]
          : []),
        {
          eventId: replyEventIdOf(replyId, 'ReplyQueued'),
          type: 'ReplyQueued',
          data,
          metadata,
        },
      ],
      ANY,
    );
    // The reply list and the thread show the queued reply (and no longer its draft) right after this answer.
    await this.readYourWrites.waitFor(appended.position, [EMAIL_REPLY_PROJECTION]);
    return { success: true, message: REPLY_QUEUED_MESSAGE, replyId };
  }
}
