import type { EmailHistoryChange, EventMetadata } from '@teaminbox/contracts';
import type { EmailStreamEvent } from './email-as-of';

/** The actor an event's metadata records, before member ids are resolved to names. */
export type RecordedActor =
  | { kind: 'user'; userId: string }
  | { kind: 'rule'; ruleId: string; ruleName: string }
  | { kind: 'system'; source: 'mail-server' | 'outbox' | 'system' };

/** Events the mail server's ingestion appends, and those of the outbox's delivery. */
const MAIL_SERVER_TYPES = new Set(['EmailReceived', 'EmailQuarantined', 'EmailReleasedFromQuarantine']);
const OUTBOX_TYPES = new Set(['ReplySent', 'ReplyFailed']);

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
      return { conversationId: str(data.newThreadId) };
    default:
      return {};
  }
}

/**
 * The conversation changes of the team's stream `conversations-<teamId>` that concern the email: the merges naming it
 * and its splits.
 */
export function conversationChangesOf<E extends Pick<EmailStreamEvent, 'type' | 'data'>>(
  events: readonly E[],
  emailId: string,
): E[] {
  return events.filter((event) => {
    const data = (event.data ?? {}) as Data;
    if (event.type === 'ConversationsMerged') return Array.isArray(data.emailIds) && data.emailIds.includes(emailId);
    return event.type === 'EmailSplitFromConversation' && data.emailId === emailId;
  });
}
