import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ComposeEmailResponse, EmailComposed } from '@teaminbox/contracts';
import { v4 as uuidv4, v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import {
  emailStreamId,
  EMAIL_REPLY_PROJECTION,
  EMAIL_THREAD_PROJECTION,
  INBOX_EMAIL_PROJECTION,
} from '../../../conversations';
import { MailboxSettingsReader, SAVE_CONFIG_FIRST_MESSAGE } from '../../../mail';
import { MemberPreferences } from '../../../preferences';
import { composeDecider } from '../../domain/compose.decider';
import { replyEventIdOf } from '../../domain/outbox-events';
import { plainTextOf } from '../../domain/reply-content';
import { outgoingFrom } from '../../domain/reply.decider';
import { assertHeaderValue, parseRecipient } from '../../domain/reply-message';
import { sendTimeOf } from '../../domain/send-time';
import { OutboxStore } from '../../outbox.store';
import { SCHEDULED_SEND_PROJECTION } from '../../projections/scheduled-send/scheduled-send.projection';
import { storedAttachmentsOf } from '../send-reply/send-reply.handler';
import { ComposeEmailCommand } from './compose-email.command';

export const EMAIL_QUEUED_MESSAGE = 'Email queued';
export const EMAIL_SCHEDULED_MESSAGE = 'Email scheduled';

/** Namespace of the ids of a conversation started with an idempotency key (its email and attachments). */
const IDEMPOTENT_COMPOSE_NAMESPACE = '3f9c2d71-6a4b-4e0f-8b5d-c1a7e9f2b634';

/**
 * ComposeEmail: a member starts a conversation from the team's mailbox. The message gets our own Message-ID, its
 * attachments are stored, and EmailComposed and ReplyQueued are decided on a new email stream: the inbox lists the
 * conversation (read by and assigned to its author), the thread begins at its Message-ID so that the customer's
 * answer joins it, and the outbox sends it like a reply (and copies it to the Sent folder); Bcc recipients get it
 * without any header naming them, and the event keeps them for the team. HTML alone gets its
 * plain-text alternative. Like a reply, the message waits the author's undo window, or until its "send later" time, in
 * the team's Scheduled list; undone, it becomes a draft on its conversation, sent from there as its first message.
 * The answer comes once the inbox, the thread, the reply list and the Scheduled list show it.
 */
@CommandHandler(ComposeEmailCommand)
export class ComposeEmailHandler implements ICommandHandler<ComposeEmailCommand, ComposeEmailResponse> {
  constructor(
    private readonly outbox: OutboxStore,
    private readonly repository: EventSourcedRepository,
    private readonly mailboxes: MailboxSettingsReader,
    private readonly preferences: MemberPreferences,
  ) {}

  async execute({ caller: { teamId, userId }, request }: ComposeEmailCommand): Promise<ComposeEmailResponse> {
    const subject = request.subject.trim();
    assertHeaderValue(subject);
    const to = request.to.map(parseRecipient);
    const cc = request.cc.map(parseRecipient);
    const bcc = request.bcc.map(parseRecipient);
    const key = request.idempotencyKey;
    const emailId = key ? uuidv5(`${teamId}\n${key}`, IDEMPOTENT_COMPOSE_NAMESPACE) : uuidv7();
    const attachments = storedAttachmentsOf(request.attachments, (index) =>
      key ? uuidv5(`${emailId}\nattachment\n${index}`, IDEMPOTENT_COMPOSE_NAMESPACE) : uuidv4(),
    );
    const html = request.htmlBody?.trim() ? request.htmlBody : null;
    const text = request.body.trim() || !html ? request.body : plainTextOf(html);

    const settings = await this.mailboxes.settingsOf(teamId);
    if (!settings) throw new DomainError('invalid', SAVE_CONFIG_FIRST_MESSAGE);

    const sendAt = sendTimeOf(Date.now(), await this.preferences.undoSendSecondsOf(userId), request.sendAt);
    // The conversation's email and its message share one id: the reply id names the send job and its attachments.
    const message = outgoingFrom(settings, {
      replyId: emailId,
      emailId,
      teamId,
      to,
      cc,
      bcc,
      subject,
      text,
      html,
      attachments,
      queuedBy: userId,
      ...(sendAt ? { sendAt } : {}),
    });
    const composed: EmailComposed = {
      emailId,
      teamId,
      messageId: message.messageId,
      subject,
      fromName: settings.fromName || null,
      fromEmail: settings.fromEmail,
      to,
      cc,
      bcc,
      text,
      html,
      receivedAt: new Date().toISOString(),
      priority: 'MEDIUM',
      status: 'IN_PROGRESS',
      composedBy: userId,
      assignedTo: userId,
    };
    await this.outbox.saveAttachments(emailId, teamId, attachments);
    await this.repository.decide(
      emailStreamId(emailId),
      composeDecider,
      { type: 'ComposeEmail', composed, message },
      {
        retries: 3,
        eventIds: (event) => replyEventIdOf(emailId, event.type as 'EmailComposed' | 'ReplyQueued'),
        waitFor: [INBOX_EMAIL_PROJECTION, EMAIL_THREAD_PROJECTION, EMAIL_REPLY_PROJECTION, SCHEDULED_SEND_PROJECTION],
      },
    );
    return sendAt
      ? { success: true, message: EMAIL_SCHEDULED_MESSAGE, emailId, replyId: emailId, sendAt }
      : { success: true, message: EMAIL_QUEUED_MESSAGE, emailId, replyId: emailId };
  }
}
