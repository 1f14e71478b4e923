import { z } from 'zod';
import type { Role } from '../identity/identity.schemas';
import { type Comment, type EmailDetail, type Reply, UNDO_SEND_MAX_SECONDS } from './collaboration.schemas';

/* ------------------------------------------------------------------------------------------------
 * Email history (GET /emails/{id}/history) and the email as of an instant (GET /emails/{id}?asOf=)
 * ---------------------------------------------------------------------------------------------- */

/** Who may read an email's history and its past states: the API's guard and the web's History tab alike. */
export const EMAIL_HISTORY_READER_ROLES = [
  'ADMIN',
  'MAINTAINER',
  'MEMBER',
  'AUDITOR',
] as const satisfies readonly Role[];

export const AS_OF_INVALID_MESSAGE = "asOf must be an ISO-8601 date and time, e.g. '2026-11-17T14:00:00Z'";
export const EMAIL_NOT_YET_MESSAGE = 'The email did not exist yet at that instant';

/** `?asOf=`: an ISO-8601 date and time with an offset or Z (a bare date or a local time is ambiguous: 400). */
export const ZAsOfQuery = z.object({
  asOf: z
    .string({ error: AS_OF_INVALID_MESSAGE })
    .max(40, AS_OF_INVALID_MESSAGE)
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i, AS_OF_INVALID_MESSAGE)
    .refine((value) => !Number.isNaN(Date.parse(value)), AS_OF_INVALID_MESSAGE)
    .optional(),
});
export type TAsOfQuery = z.infer<typeof ZAsOfQuery>;

/**
 * Whether a queued message was sent for later: it waits longer than the longest undo window a person may choose
 * (every send waits its sender's undo window; one that waits longer is a "send later"). `queuedAt` is its ReplyQueued's
 * occurredAt, `sendAt` its sendAt (absent: sent at once).
 */
export function isScheduledSend(queuedAt: string, sendAt: string | null | undefined): sendAt is string {
  if (!sendAt) return false;
  return Date.parse(sendAt) - Date.parse(queuedAt) > UNDO_SEND_MAX_SECONDS * 1000;
}

/** Who made a change of the history: a member, one of the team's rules (its name then), the mail server or the system. */
export type EmailHistoryActor =
  | { kind: 'user'; userId: string; name: string | null; email: string | null }
  | { kind: 'rule'; ruleId: string; ruleName: string }
  | { kind: 'system'; source: 'mail-server' | 'outbox' | 'system' };

/**
 * What an event changed, ready for words: only the fields that apply to its type are present. Member ids come
 * with their display name (or email) when the member still exists, else the name the event recorded.
 */
export interface EmailHistoryChange {
  from?: string | null;
  to?: string | null;
  /** Names of `from` / `to` where they are member ids (assignee). */
  fromName?: string | null;
  toName?: string | null;
  labelId?: string;
  labelName?: string;
  commentId?: string;
  message?: string;
  draftId?: string;
  replyId?: string;
  subject?: string;
  /** EmailReceived: the sender's address. */
  sender?: string;
  recipients?: string[];
  error?: string;
  ruleId?: string;
  ruleName?: string;
  /** EmailActionLogged: the action a client logged. */
  action?: string;
  /** The member a personal change (read, star, mute) was made for, when it is not the actor. */
  userId?: string;
  /** EmailSnoozed: until when; ReminderSet: when the reminder is due. */
  until?: string;
  /**
   * ReplyQueued sent for later (isScheduledSend): when it goes; ReplySendCancelled of such a message: when it would
   * have gone (its cancellation is then a scheduled send cancelled, not an undone send).
   */
  scheduledFor?: string;
  /**
   * ReplyQueued, ReplySendingStarted, ReplySendCancelled, ReplySent, ReplyFailed of a message that is not a reply: a
   * forward, or the first message of a conversation a member started (compose). Absent for a reply.
   */
  sendKind?: 'forward' | 'compose';
  /** EmailWoken: why (time, answer, manual, reminder); ReminderCancelled: answer. */
  reason?: string;
  /** ConversationsMerged: the conversation the email is part of now; EmailSplitFromConversation: the new one. */
  conversationId?: string;
  /** ConversationsMerged: the emails named, one per conversation merged; EmailSplitFromConversation: the email split out. */
  emailIds?: string[];
}

/** One event of an email, as GET /emails/{id}/history lists them (oldest first). */
export interface EmailHistoryEntry {
  /** The event's id. */
  id: string;
  /** Its version on the email's stream (1 = the email's first event). */
  version: number;
  /** The event type, e.g. EmailAssigned, CommentAdded, ReplySent. */
  type: string;
  /** When it happened (the event's metadata.occurredAt), ISO-8601. */
  occurredAt: string;
  actor: EmailHistoryActor;
  change: EmailHistoryChange;
  /** The request or the first event of the chain of reactions it belongs to. */
  correlationId: string;
  /** The event whose reaction appended it; null for a request. */
  causationId: string | null;
}

/**
 * GET /emails/{id}?asOf=: the email as it stood at `asOf` (folded from its events up to that instant), with its
 * comments, open drafts and queued/sent/failed replies as they stood then.
 */
export interface EmailAsOf extends EmailDetail {
  /** The instant shown (the request's asOf, or now when it lay in the future). */
  asOf: string;
  /** The version of the email's stream the state was folded to. */
  version: number;
  /** Names of the labels the email had then (as the events recorded them), by label id. */
  labelNames: Record<string, string>;
  comments: Comment[];
  /**
   * Drafts (status DRAFT) and replies handed to the outbox (QUEUED, SENT, FAILED as they stood then; a QUEUED one sent
   * for later carries `scheduledFor`). A send undone or cancelled by then is no reply: it is the draft it became.
   */
  replies: (Reply & { scheduledFor?: string | null })[];
  /**
   * The last merge or split (`conversations-<teamId>` stream) up to the instant that changed the email's conversation:
   * a merge of the conversation it was in, or its own split; null: none by then.
   */
  conversationChange: EmailConversationChange | null;
}

/** A merge of the email's conversation with others, or the split of the email out of its conversation. */
export interface EmailConversationChange {
  type: 'ConversationsMerged' | 'EmailSplitFromConversation';
  occurredAt: string;
  /** The conversation the email became part of (the merge's) or its own (the split's). */
  conversationId: string;
}
