import { type EmailHistoryChange, type EventMetadata, isScheduledSend } from '@teaminbox/contracts';
import type { EmailStreamEvent } from './email-as-of';

/** The actor an event's metadata records, before member ids are resolved to names. */
export type RecordedActor =
  | { kind: 'user'; userId: string }
  | { kind: 'rule'; ruleId: string; ruleName: string }
  | { kind: 'system'; source: 'mail-server' | 'outbox' | 'system' };

/** Events the mail server's ingestion appends, and those of the outbox's delivery. */
const MAIL_SERVER_TYPES = new Set(['EmailReceived', 'EmailQuarantined', 'EmailReleasedFromQuarantine']);
const OUTBOX_TYPES = new Set(['ReplySendingStarted', 'ReplySent', 'ReplyFailed']);

/**
 * Who made the change: the metadata's actorKind (events stored before it existed: a user when actorUserId is
 * set, else the system); a system change is named after what does it (mail ingestion, the outbox). A message
 * fetched from the mailbox (its event names the IMAP folder) is the mail server's, whatever request started the
 * synchronisation (a first sync runs in the request that saved the mailbox).
 */
export function actorOf(type: string, metadata: EventMetadata, data?: unknown): RecordedActor {
  const fromMailbox = typeof (data as { folder?: unknown } | null | undefined)?.folder === 'string';
  if (MAIL_SERVER_TYPES.has(type) && fromMailbox) return { kind: 'system', source: 'mail-server' };
  const kind = metadata.actorKind ?? (metadata.actorUserId ? 'user' : 'system');
  if (kind === 'rule' && metadata.actorRule) {
    return { kind: 'rule', ruleId: metadata.actorRule.id, ruleName: metadata.actorRule.name };
  }
  if (kind === 'user' && metadata.actorUserId) return { kind: 'user', userId: metadata.actorUserId };
  if (MAIL_SERVER_TYPES.has(type)) return { kind: 'system', source: 'mail-server' };
  if (OUTBOX_TYPES.has(type)) return { kind: 'system', source: 'outbox' };
  return { kind: 'system', source: 'system' };
}

type Data = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const strOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * What an event changed, in fields a screen can put into words. Only safe fields are copied (never a header
 * list, a body or an attachment's content): the history tells who did what, the as-of view shows the content.
 */
export function changeOf(event: Pick<EmailStreamEvent, 'type' | 'data'>): EmailHistoryChange {
  const data = (event.data ?? {}) as Data;
  switch (event.type) {
    case 'EmailReceived':
      return { subject: str(data.subject), sender: str(data.fromEmail) };
    case 'EmailComposed':
      return { subject: str(data.subject) };
    case 'EmailMarkedRead':
    case 'EmailMarkedUnread':
    case 'EmailStarred':
    case 'EmailUnstarred':
    case 'EmailNotificationsMuted':
    case 'EmailNotificationsUnmuted':
      return { userId: str(data.userId) };
    case 'EmailAssigned':
      return {
        from: strOrNull(data.previousAssignee),
        to: strOrNull(data.assignedTo),
        toName: strOrNull(data.assignedToName),
      };
    case 'EmailUnassigned':
      return { from: strOrNull(data.previousAssignee), to: null };
    case 'EmailLabelAdded':
    case 'EmailLabelRemoved':
      return { labelId: str(data.labelId), labelName: str(data.labelName) };
    case 'EmailStatusChanged':
      return { from: strOrNull(data.previousStatus), to: strOrNull(data.status) };
    case 'EmailPriorityChanged':
      return { from: strOrNull(data.previousPriority), to: strOrNull(data.priority) };
    case 'EmailRuleApplied':
    case 'EmailNotificationsSuppressed':
      return { ruleId: str(data.ruleId), ruleName: str(data.ruleName) };
    case 'CommentAdded':
    case 'CommentEdited':
      return { commentId: str(data.commentId), message: str(data.message) };
    case 'CommentDeleted':
      return { commentId: str(data.commentId) };
    case 'ReplyDraftSaved':
      return { draftId: str(data.draftId), subject: str(data.subject) };
    case 'ReplyDraftDeleted':
      return { draftId: str(data.draftId) };
    case 'ReplyQueued':
      return {
        replyId: str(data.replyId),
        subject: str(data.subject),
        recipients: [data.to, data.cc, data.bcc].flatMap((list) => (Array.isArray(list) ? (list as string[]) : [])),
      };
    case 'ReplySent':
      return { replyId: str(data.replyId) };
    case 'ReplyFailed':
      return { replyId: str(data.replyId), error: str(data.error) };
    case 'EmailActionLogged':
      return { action: str(data.type) };
    case 'EmailQuarantined':
      return { error: str(data.error) };
    case 'EmailSnoozed':
      return { until: str(data.until) };
    case 'EmailWoken':
    case 'ReminderCancelled':
      return { reason: str(data.reason) };
    case 'ReminderSet':
      return { until: str(data.dueAt), replyId: str(data.replyId) };
    case 'ConversationsMerged':
      return {
        conversationId: str(data.intoThreadId),
        emailIds: Array.isArray(data.emailIds) ? (data.emailIds as string[]) : [],
      };
    case 'EmailSplitFromConversation':
      return {
        conversationId: str(data.newThreadId),
        emailIds: typeof data.emailId === 'string' ? [data.emailId] : [],
      };
    case 'ReplySendingStarted':
      return { replyId: str(data.replyId) };
    case 'ReplySendCancelled':
      return { replyId: str(data.replyId), draftId: str(data.draftId) };
    default:
      return {};
  }
}

/**
 * What each event changed (changeOf), with what only the events before it tell: a message queued for later
 * (isScheduledSend) says when it goes, and the cancellation of such a message says when it would have gone, so that it
 * reads as a scheduled send cancelled, not as a send undone within the undo window.
 */
export function changesOf(
  events: readonly Pick<EmailStreamEvent, 'type' | 'data' | 'metadata'>[],
): EmailHistoryChange[] {
  const scheduled = new Map<string, string>();
  const kinds = new Map<string, 'forward' | 'compose'>();
  return events.map((event) => {
    const change = withSendKind(changeOf(event), event, kinds);
    const data = (event.data ?? {}) as Data;
    if (event.type === 'ReplyQueued' && typeof data.replyId === 'string') {
      const sendAt = str(data.sendAt);
      if (!isScheduledSend(event.metadata.occurredAt, sendAt)) return change;
      scheduled.set(data.replyId, sendAt);
      return { ...change, scheduledFor: sendAt };
    }
    if (event.type === 'ReplySendCancelled' && typeof data.replyId === 'string') {
      const scheduledFor = scheduled.get(data.replyId);
      return scheduledFor ? { ...change, scheduledFor } : change;
    }
    return change;
  });
}

const SENDING_TYPES = new Set(['ReplyQueued', 'ReplySendingStarted', 'ReplySendCancelled', 'ReplySent', 'ReplyFailed']);

/**
 * A forward's or a new email's sending says so on each of its events: ReplyQueued carries the kind, the events after
 * it name only the message (`kinds`: what the ReplyQueued events so far said, by message).
 */
function withSendKind(
  change: EmailHistoryChange,
  event: Pick<EmailStreamEvent, 'type' | 'data'>,
  kinds: Map<string, 'forward' | 'compose'>,
): EmailHistoryChange {
  if (!SENDING_TYPES.has(event.type)) return change;
  const data = (event.data ?? {}) as Data;
  if (typeof data.replyId !== 'string') return change;
  if (event.type === 'ReplyQueued') {
    if (data.kind === 'forward' || data.kind === 'compose') kinds.set(data.replyId, data.kind);
    else kinds.delete(data.replyId);
  }
  const sendKind = kinds.get(data.replyId);
  return sendKind ? { ...change, sendKind } : change;
}

/** The email whose conversation changes are asked for: its id, and for changes recorded before they listed their emails, its conversation now and its first event's time. */
export interface EmailOfConversation {
  emailId: string;
  /** The email's conversation (thread id) now; null when the thread read model does not know it. */
  threadId: string | null;
  /** When the email's first event occurred (ms). */
  since: number;
}

/**
 * The conversation changes of the team's stream `conversations-<teamId>` that concern the email: every merge of a
 * conversation it was part of and every split out of its conversation (its own, and another email's), as each event
 * lists the emails of the conversations it changed (`conversationEmailIds`). A change recorded before it listed them
 * concerns the email when it names it, or when the email existed then and is in the conversation the change left
 * behind (a merge's `intoThreadId`, a split's `fromThreadId`) now: a later change can make that guess miss.
 */
export function conversationChangesOf<E extends Pick<EmailStreamEvent, 'type' | 'data' | 'metadata'>>(
  events: readonly E[],
  email: EmailOfConversation,
): E[] {
  const { emailId, threadId, since } = email;
  return events.filter((event) => {
    if (event.type !== 'ConversationsMerged' && event.type !== 'EmailSplitFromConversation') return false;
    const data = (event.data ?? {}) as Data;
    if (Array.isArray(data.conversationEmailIds)) return data.conversationEmailIds.includes(emailId);
    const named =
      event.type === 'ConversationsMerged'
        ? Array.isArray(data.emailIds) && data.emailIds.includes(emailId)
        : data.emailId === emailId;
    if (named) return true;
    const leftBehind = event.type === 'ConversationsMerged' ? data.intoThreadId : data.fromThreadId;
    return threadId !== null && leftBehind === threadId && Date.parse(event.metadata.occurredAt) >= since;
  });
}

/** Whether a conversation change concerning the email changed the email's own conversation (not another's split). */
export function changedConversationOf(event: Pick<EmailStreamEvent, 'type' | 'data'>, emailId: string): boolean {
  return event.type === 'ConversationsMerged' || (event.data as Data | null)?.emailId === emailId;
}
