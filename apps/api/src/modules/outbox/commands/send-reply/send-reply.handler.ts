import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SendReplyResponse, TReplyAttachment } from '@teaminbox/contracts';
import { v4 as uuidv4, v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { emailStreamId, EMAIL_REPLY_PROJECTION, SetReminderCommand } from '../../../conversations';
import { MailboxSettingsReader, SAVE_CONFIG_FIRST_MESSAGE } from '../../../mail';
import { MemberPreferences } from '../../../preferences';
import { replyEventIdOf } from '../../domain/outbox-events';
import { plainTextOf, withQuote } from '../../domain/reply-content';
import { sendTimeOf } from '../../domain/send-time';
import { emailToAnswer, outgoingFrom, replyDecider } from '../../domain/reply.decider';
import { assertContentType, assertHeaderValue, parseRecipient } from '../../domain/reply-message';
import { OutboxStore, type StoredReplyAttachment } from '../../outbox.store';
import { SCHEDULED_SEND_PROJECTION } from '../../projections/scheduled-send/scheduled-send.projection';
import { SendReplyCommand } from './send-reply.command';

export const REPLY_QUEUED_MESSAGE = 'Reply queued';
export const REPLY_SCHEDULED_MESSAGE = 'Reply scheduled';
export const INVALID_ATTACHMENT_MESSAGE = 'Invalid attachment content';

/** Namespace of the ids of a reply sent with an idempotency key (the reply and its attachments). */
const IDEMPOTENT_REPLY_NAMESPACE = 'c0b7e8d2-5f64-4a8e-9d1b-3e2f6a7c9b10';

/** Namespace of the id of the ReplyDraftDeleted that goes with a reply sent from a draft. */
const DRAFT_DELETED_NAMESPACE = '6f1f4f9e-3c55-4f7e-9a55-0a7f2d0f5c11';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The uploaded attachments of a message, checked (file name, content type, base64) and decoded, with their ids. */
export function storedAttachmentsOf(
  attachments: readonly TReplyAttachment[],
  idOf: (index: number) => string,
): StoredReplyAttachment[] {
  return attachments.map((attachment, index) => {
    assertHeaderValue(attachment.fileName);
    assertContentType(attachment.contentType);
    const base64 = attachment.base64Content.replace(/\s+/g, '');
    if (!BASE64.test(base64)) throw new DomainError('invalid', INVALID_ATTACHMENT_MESSAGE);
    const content = Buffer.from(base64, 'base64');
    return {
      id: idOf(index),
      fileName: attachment.fileName,
      contentType: attachment.contentType.trim(),
      size: content.length,
      content,
    };
  });
}

/**
 * SendReply: validates the reply, gives it our own Message-ID, stores its attachments and decides ReplyQueued on
 * the email's stream (the thread headers of the email it answers, and ReplyDraftDeleted when it was written in a
 * draft). With `quoteOriginal`, the email is quoted below the answer, in the text and the HTML body. The outbox
 * reaction turns that event into a send-email job. With `startedAt` and without `confirmed`, a comment or a reply
 * by someone else since then answers 409 instead.
 */
@CommandHandler(SendReplyCommand)
export class SendReplyHandler implements ICommandHandler<SendReplyCommand, SendReplyResponse> {
  constructor(
    private readonly outbox: OutboxStore,
    private readonly repository: EventSourcedRepository,
    private readonly mailboxes: MailboxSettingsReader,
    private readonly commands: CommandBus,
    private readonly preferences: MemberPreferences,
  ) {}

  async execute({ caller: { teamId, userId }, request }: SendReplyCommand): Promise<SendReplyResponse> {
    assertHeaderValue(request.subject);
    const to = request.to.map(parseRecipient);
    const cc = request.cc.map(parseRecipient);
    const bcc = request.bcc.map(parseRecipient);
    // With a key (the draft id, or the client's), a doubled or retried request names the same reply: its events,
    // attachments and send job are stored once, and the answer is the same.
    const key = request.draftId ?? request.idempotencyKey;
    const replyId = key ? uuidv5(`${teamId}\n${request.emailId}\n${key}`, IDEMPOTENT_REPLY_NAMESPACE) : uuidv7();
    const attachments = storedAttachmentsOf(request.attachments, (index) =>
      key ? uuidv5(`${replyId}\nattachment\n${index}`, IDEMPOTENT_REPLY_NAMESPACE) : uuidv4(),
    );

    // Checked before the attachments are stored; decided again on the stream's state when queuing.
    const stream = emailStreamId(request.emailId);
    const unchangedSince = request.confirmed === true ? undefined : request.startedAt;
    const { state } = await this.repository.load(stream, replyDecider);
    if (state.replies.has(replyId)) {
      // The same reply again (a double click, a retried request): queued once, answered the same.
      emailToAnswer(state, { teamId, queuedBy: userId });
      await this.remind(teamId, userId, request.emailId, replyId, request.remindIfNoAnswerBy);
      return answerFor(replyId, state.replies.get(replyId)?.queued.sendAt);
    }
    const original = emailToAnswer(state, { teamId, queuedBy: userId }, unchangedSince);
    const htmlBody = request.htmlBody?.trim() ? request.htmlBody : null;
    // HTML alone gets its plain-text alternative: the message always carries both.
    const answer = { text: request.body.trim() || !htmlBody ? request.body : plainTextOf(htmlBody), html: htmlBody };
    // A draft that was a forward or a new email once holds its whole message: nothing is quoted below it.
    const restoredKind = request.draftId ? state.draftKinds.get(request.draftId) : undefined;
    const quoted = request.quoteOriginal === true && !restoredKind;
    const { text, html } = quoted ? withQuote(answer, original) : answer;

    const settings = await this.mailboxes.settingsOf(teamId);
    if (!settings) throw new DomainError('invalid', SAVE_CONFIG_FIRST_MESSAGE);

    // A draft that was a message once (an undone send) brings its attachments back, those the user kept: sent again
    // under this reply's ids.
    const kept = request.draftAttachmentIds ? new Set(request.draftAttachmentIds) : null;
    const restored = (request.draftId ? (state.draftAttachments.get(request.draftId) ?? []) : []).filter(
      (attachment) => !kept || kept.has(attachment.id),
    );
    const restoredContents = await this.outbox.contentsOf(restored.map((attachment) => attachment.id));
    attachments.push(
      ...restored.flatMap((attachment, index) => {
        const content = restoredContents.get(attachment.id);
        if (!content) return [];
        const position = request.attachments.length + index;
        return [
          {
            ...attachment,
            id: key ? uuidv5(`${replyId}\nattachment\n${position}`, IDEMPOTENT_REPLY_NAMESPACE) : uuidv4(),
            size: content.length,
            content,
          },
        ];
      }),
    );
    const sendAt = sendTimeOf(Date.now(), await this.preferences.undoSendSecondsOf(userId), request.sendAt);

    const reply = outgoingFrom(settings, {
      replyId,
      emailId: request.emailId,
      teamId,
      to,
      cc,
      bcc,
      subject: request.subject,
      text,
      html,
      ...(quoted ? { answer } : {}),
      attachments,
      queuedBy: userId,
      ...(sendAt ? { sendAt } : {}),
    });
    await this.outbox.saveAttachments(replyId, teamId, attachments);
    await this.repository.decide(
      stream,
      replyDecider,
      { type: 'QueueReply', reply, draftId: request.draftId, unchangedSince },
      {
        retries: 3,
        eventIds: (event) =>
          event.type === 'ReplyQueued'
            ? replyEventIdOf(replyId, 'ReplyQueued')
            : uuidv5(`${replyId}\ndraft-deleted`, DRAFT_DELETED_NAMESPACE),
        // The reply list and the thread show the queued reply (and no longer its draft) right after this answer.
        waitFor: [EMAIL_REPLY_PROJECTION, SCHEDULED_SEND_PROJECTION],
      },
    );
    await this.remind(teamId, userId, request.emailId, replyId, request.remindIfNoAnswerBy);
    return answerFor(replyId, sendAt);
  }

  /** "Remind me if no answer by": the reply's reminder (one per reply, however often the request comes). */
  private async remind(
    teamId: string,
    userId: string,
    emailId: string,
    replyId: string,
    dueAt: string | undefined,
  ): Promise<void> {
    if (dueAt) await this.commands.execute(new SetReminderCommand(teamId, userId, emailId, replyId, dueAt));
  }
}

function answerFor(replyId: string, sendAt: string | undefined): SendReplyResponse {
  return sendAt
    ? { success: true, message: REPLY_SCHEDULED_MESSAGE, replyId, sendAt }
    : { success: true, message: REPLY_QUEUED_MESSAGE, replyId };
}
