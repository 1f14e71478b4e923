import { z } from 'zod';
import type { EmailStatus, Priority } from '../conversations/email.constants';
import { ZFutureTime } from '../conversations/snooze.schemas';

export const REPLY_MAX_RECIPIENTS = 100;
export const REPLY_MAX_ATTACHMENTS = 20;

export const ZReplyAttachment = z.object({
  fileName: z.string().min(1).max(255),
  contentType: z.string().min(1).max(255),
  base64Content: z.string().max(30_000_000),
});
export type TReplyAttachment = z.infer<typeof ZReplyAttachment>;

const addressList = z.array(z.string().max(1000)).max(REPLY_MAX_RECIPIENTS);

/** POST /emails/send-reply: a reply to an email of the caller's team. */
export const ZSendReplyRequest = z.object({
  emailId: z.uuid('Invalid email id'),
  teamId: z.uuid('Invalid team id'),
  to: addressList.min(1, 'At least one recipient is required'),
  cc: addressList.optional().default([]),
  bcc: addressList.optional().default([]),
  subject: z.string().max(998),
  body: z.string().max(5_000_000),
  htmlBody: z.string().max(5_000_000).nullable().optional(),
  attachments: z.array(ZReplyAttachment).max(REPLY_MAX_ATTACHMENTS).optional().default([]),
  /** The draft this reply was written in: deleted when the reply is queued. */
  draftId: z.uuid().optional(),
  /** Collision safety: when the user began the reply; see ReplyCollision. */
  startedAt: z.iso.datetime({ offset: true }).optional(),
  /** Send even though someone else commented or replied since startedAt. */
  confirmed: z.boolean().optional(),
  /**
   * Makes a retried or doubled request queue the reply once: requests with the same key (per email) answer the same
   * replyId. The draft id is the key when given; the `Idempotency-Key` header may carry it too.
   */
  idempotencyKey: z.string().trim().min(1).max(200).optional(),
  /** Quote the email below the answer ("On <date>, <sender> wrote:"), in the text and the HTML body. */
  quoteOriginal: z.boolean().optional(),
  /**
   * "Remind me if no answer by": an ISO time (future, within a year) after which the conversation comes back to its
   * assignee, unread, unless the customer answered before.
   */
  remindIfNoAnswerBy: ZFutureTime.optional(),
  /**
   * "Send later": an ISO time (future, within a year) the reply waits for in the team's scheduled sends. Every send
   * also waits the sender's undo window (UserPreferences.undoSendSeconds): it goes at the later of the two.
   */
  sendAt: ZFutureTime.optional(),
  /**
   * A draft that was a message once (an undone send) keeps its attachments: the ids of those to send with it (the
   * user may remove some). Absent: all of them.
   */
  draftAttachmentIds: z.array(z.uuid()).max(REPLY_MAX_ATTACHMENTS).optional(),
});
export type TSendReplyRequest = z.infer<typeof ZSendReplyRequest>;

/** POST /emails/forward: the email, with the attachments chosen of its own, sent on to other addresses. */
export const ZForwardEmailRequest = z.object({
  emailId: z.uuid('Invalid email id'),
  teamId: z.uuid('Invalid team id'),
  to: addressList.min(1, 'At least one recipient is required'),
  cc: addressList.optional().default([]),
  /** A note written above the forwarded message. */
  note: z.string().max(5_000_000).optional().default(''),
  /** Ids of the email's attachments to send with it (any the user did not remove). */
  attachmentIds: z.array(z.uuid()).max(500).optional().default([]),
  idempotencyKey: z.string().trim().min(1).max(200).optional(),
  /** "Send later", as for a reply: the forward also waits the sender's undo window and goes at the later of the two. */
  sendAt: ZFutureTime.optional(),
});
export type TForwardEmailRequest = z.infer<typeof ZForwardEmailRequest>;

/**
 * POST /emails/compose: a new conversation the team starts, sent from the team's mailbox. The body is plain text,
 * HTML or both; without a plain text the server derives it from the HTML (the message always has both).
 */
export const ZComposeEmailRequest = z
  .object({
    teamId: z.uuid('Invalid team id'),
    to: addressList.min(1, 'At least one recipient is required'),
    cc: addressList.optional().default([]),
    /** Blind copies: they get the message, no header names them. */
    bcc: addressList.optional().default([]),
    subject: z.string().trim().min(1, 'Subject is required').max(998),
    body: z.string().max(5_000_000).optional().default(''),
    htmlBody: z.string().max(5_000_000).nullable().optional(),
    attachments: z.array(ZReplyAttachment).max(REPLY_MAX_ATTACHMENTS).optional().default([]),
    /** Makes a retried or doubled request start one conversation: the same key answers the same emailId. */
    idempotencyKey: z.string().trim().min(1).max(200).optional(),
    /** "Send later", as for a reply: the message also waits the sender's undo window and goes at the later of the two. */
    sendAt: ZFutureTime.optional(),
  })
  .refine((request) => request.body.trim() !== '' || (request.htmlBody ?? '').trim() !== '', {
    message: 'Message body is required',
    path: ['body'],
  });
export type TComposeEmailRequest = z.infer<typeof ZComposeEmailRequest>;

export interface ComposeEmailResponse {
  success: true;
  message: string;
  /** The new conversation's first email (its row in the inbox). */
  emailId: string;
  replyId: string;
  /** When the message goes (absent: at once); until then DELETE /replies/{replyId}/schedule undoes it. */
  sendAt?: string;
}

/** The recipients of one way of answering: To and Cc. */
export interface ReplyRecipients {
  to: string[];
  cc: string[];
}

/**
 * GET /emails/{id}/reply-addresses: whom a reply goes to (Reply-To when the email has one, else From) and whom a
 * reply to all goes to (that, plus every other To and Cc participant), never the team's own mailbox addresses.
 */
export interface ReplyAddresses {
  reply: ReplyRecipients;
  replyAll: ReplyRecipients;
}

export interface SendReplyResponse {
  success: true;
  message: string;
  replyId: string;
  /** When the reply goes to the SMTP server (absent: at once); until then DELETE /replies/{replyId}/schedule undoes it. */
  sendAt?: string;
}

/** What a scheduled send is: a reply, a forward, or the first message of a new conversation. */
export type OutgoingKind = 'reply' | 'forward' | 'compose';

/**
 * A message waiting for its time (GET /replies/scheduled): the team's scheduled sends (replies, forwards and new
 * emails), soonest first.
 */
export interface ScheduledSend {
  replyId: string;
  emailId: string;
  kind: OutgoingKind;
  to: string[];
  subject: string;
  sendAt: string;
  /** The member who sent it, and their name as the team sees it. */
  authorId: string;
  authorName: string | null;
}

/**
 * DELETE /replies/{replyId}/schedule: the send is undone, the message is a draft again (`draftId`) on its email (for a
 * new email: on the conversation it began, sent from there as its first message).
 */
export interface CancelScheduledSendResponse {
  success: true;
  message: string;
  emailId: string;
  draftId: string;
  kind: OutgoingKind;
}

/** An attachment of a queued reply as events carry it: the content is stored in `outbox_attachment`. */
export interface ReplyAttachmentMeta {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A reply accepted for sending (stream `email-<emailId>`); the outbox job sends it. */
export interface ReplyQueued {
  replyId: string;
  emailId: string;
  teamId: string;
  /** Our own Message-ID, `<uuid@from-domain>`. */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: { name: string; email: string };
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  html: string | null;
  /**
   * What the person wrote, when the original was quoted below it in `text`/`html`: an undone reply becomes this
   * draft again (sent from it, the original is quoted once). Absent when nothing was quoted.
   */
  answer?: { text: string; html: string | null };
  attachments: ReplyAttachmentMeta[];
  queuedBy: string;
  /**
   * 'forward' for the email sent on to other addresses, 'compose' for the first message of a conversation the team
   * started (its replyId is its emailId); absent for a reply.
   */
  kind?: 'forward' | 'compose';
  /**
   * When the send job starts (the later of the sender's undo window and their "send later" time); until then the
   * send may be undone. Absent: at once.
   */
  sendAt?: string;
}

/**
 * A conversation the team started (stream `email-<emailId>`): the first message, written by a member and sent from
 * the team's mailbox; ReplyQueued with the same Message-ID follows it and sends it. It has the fields of a received
 * email that the inbox and the thread read, so the conversation is listed, worked on and answered like one:
 * `from*` is the team's mailbox, `receivedAt` when it was written, and it is read by and assigned to its author.
 */
export interface EmailComposed {
  emailId: string;
  teamId: string;
  /** Our own Message-ID, `<uuid@from-domain>`: an answer naming it joins the conversation. */
  messageId: string;
  subject: string;
  fromName: string | null;
  fromEmail: string;
  to: string[];
  cc: string[];
  /** Blind copies (absent in events recorded before Compose had Bcc): shown to the team, in no header. */
  bcc?: string[];
  text: string;
  html: string | null;
  receivedAt: string;
  priority: Priority;
  status: EmailStatus;
  composedBy: string;
  /** The author, so that the customer's answer joins an assigned conversation. */
  assignedTo: string;
}

export interface ReplySent {
  replyId: string;
  emailId: string;
  teamId: string;
  messageId: string;
  sentAt: string;
}

/** The last retry failed; the error is safe to show (no secrets). */
export interface ReplyFailed {
  replyId: string;
  emailId: string;
  teamId: string;
  messageId: string;
  error: string;
  failedAt: string;
  /**
   * The reply's first To recipient, whose key seals the error text (a server's answer may quote the address).
   * Absent in events recorded before it was sealed.
   */
  correspondent?: string;
}

/** The send job began handing the reply to the SMTP server: from now on it can no longer be undone. */
export interface ReplySendingStarted {
  replyId: string;
  emailId: string;
  teamId: string;
}

/** A queued reply's send undone before it began: it is a draft again (ReplyDraftSaved with `draftId` goes with it). */
export interface ReplySendCancelled {
  replyId: string;
  emailId: string;
  teamId: string;
  draftId: string;
}

/** Events of sending, on the email's stream (published on the bus like the domain events). */
export interface OutboxEventMap {
  EmailComposed: EmailComposed;
  ReplyQueued: ReplyQueued;
  ReplySendingStarted: ReplySendingStarted;
  ReplySendCancelled: ReplySendCancelled;
  ReplySent: ReplySent;
  ReplyFailed: ReplyFailed;
}
export type OutboxEventType = keyof OutboxEventMap;
