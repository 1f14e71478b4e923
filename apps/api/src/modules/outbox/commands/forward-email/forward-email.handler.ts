import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SendReplyResponse } from '@teaminbox/contracts';
import { v4 as uuidv4, v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { AttachmentStore, emailStreamId, EMAIL_REPLY_PROJECTION } from '../../../conversations';
import { MailboxSettingsReader, SAVE_CONFIG_FIRST_MESSAGE } from '../../../mail';
import { MemberPreferences } from '../../../preferences';
import { replyEventIdOf } from '../../domain/outbox-events';
import { forwardBodies, forwardSubject } from '../../domain/reply-content';
import { emailToAnswer, outgoingFrom, replyDecider } from '../../domain/reply.decider';
import { parseRecipient } from '../../domain/reply-message';
import { sendTimeOf } from '../../domain/send-time';
import { OutboxStore, type StoredReplyAttachment } from '../../outbox.store';
import { SCHEDULED_SEND_PROJECTION } from '../../projections/scheduled-send/scheduled-send.projection';
import { ForwardEmailCommand } from './forward-email.command';

export const FORWARD_QUEUED_MESSAGE = 'Forward queued';
export const FORWARD_SCHEDULED_MESSAGE = 'Forward scheduled';
export const UNKNOWN_ATTACHMENT_MESSAGE = 'The email has no such attachment';
export const ATTACHMENT_GONE_MESSAGE = 'The attachment is no longer available';

/** Namespace of the ids of a forward sent with an idempotency key (the forward and its attachments). */
const IDEMPOTENT_FORWARD_NAMESPACE = '5d0b2a4e-8c1f-4f3a-b6e2-9a7d1c3e5f20';

/**
 * ForwardEmail: the email goes on to other addresses as a new message of the team ("Fwd: <subject>", the note above
 * the forwarded headers and body), with the attachments the user kept, copied from the conversations' attachment
 * store into the outbox's. It is queued on the email's stream like a reply (ReplyQueued of kind 'forward'), so it is
 * sent by the same job, stored in the Sent folder and listed in the email's thread as outgoing. Like a reply it waits
 * the sender's undo window, or until its "send later" time, in the team's Scheduled list, and may be undone until then.
 */
@CommandHandler(ForwardEmailCommand)
export class ForwardEmailHandler implements ICommandHandler<ForwardEmailCommand, SendReplyResponse> {
  constructor(
    private readonly outbox: OutboxStore,
    private readonly repository: EventSourcedRepository,
    private readonly mailboxes: MailboxSettingsReader,
    private readonly attachmentStore: AttachmentStore,
    private readonly preferences: MemberPreferences,
  ) {}

  async execute({ caller: { teamId, userId }, request }: ForwardEmailCommand): Promise<SendReplyResponse> {
    const to = request.to.map(parseRecipient);
    const cc = request.cc.map(parseRecipient);
    const key = request.idempotencyKey;
    const replyId = key ? uuidv5(`${teamId}\n${request.emailId}\n${key}`, IDEMPOTENT_FORWARD_NAMESPACE) : uuidv7();

    const stream = emailStreamId(request.emailId);
    const { state } = await this.repository.load(stream, replyDecider);
    const email = emailToAnswer(state, { teamId, queuedBy: userId });
    if (state.replies.has(replyId)) return forwardAnswer(replyId, state.replies.get(replyId)?.queued.sendAt);

    const settings = await this.mailboxes.settingsOf(teamId);
    if (!settings) throw new DomainError('invalid', SAVE_CONFIG_FIRST_MESSAGE);

    const known = new Set((email.attachments ?? []).map((attachment) => attachment.id));
    const chosen = [...new Set(request.attachmentIds)];
    const unknown = chosen.find((id) => !known.has(id));
    if (unknown) throw new DomainError('invalid', UNKNOWN_ATTACHMENT_MESSAGE);
    const attachments: StoredReplyAttachment[] = [];
    for (const [index, id] of chosen.entries()) {
      const stored = await this.attachmentStore.contentOf(teamId, id);
      if (!stored) throw new DomainError('invalid', ATTACHMENT_GONE_MESSAGE);
      attachments.push({
        id: key ? uuidv5(`${replyId}\nattachment\n${index}`, IDEMPOTENT_FORWARD_NAMESPACE) : uuidv4(),
        fileName: stored.filename,
        contentType: stored.contentType,
        size: stored.content.length,
        content: stored.content,
      });
    }

    const { text, html } = forwardBodies(request.note, email);
    const sendAt = sendTimeOf(Date.now(), await this.preferences.undoSendSecondsOf(userId), request.sendAt);
    const forward = outgoingFrom(settings, {
      replyId,
      emailId: request.emailId,
      teamId,
      to,
      cc,
      bcc: [],
      subject: forwardSubject(email.subject),
      text,
      html,
      attachments,
      queuedBy: userId,
      kind: 'forward',
      ...(sendAt ? { sendAt } : {}),
    });
    await this.outbox.saveAttachments(replyId, teamId, attachments);
    await this.repository.decide(
      stream,
      replyDecider,
      { type: 'QueueReply', reply: forward },
      {
        retries: 3,
        eventIds: () => replyEventIdOf(replyId, 'ReplyQueued'),
        waitFor: [EMAIL_REPLY_PROJECTION, SCHEDULED_SEND_PROJECTION],
      },
    );
    return forwardAnswer(replyId, sendAt);
  }
}

function forwardAnswer(replyId: string, sendAt: string | undefined): SendReplyResponse {
  return sendAt
    ? { success: true, message: FORWARD_SCHEDULED_MESSAGE, replyId, sendAt }
    : { success: true, message: FORWARD_QUEUED_MESSAGE, replyId };
}
