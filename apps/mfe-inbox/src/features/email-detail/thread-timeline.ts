import type { Comment, EmailAction, Reply, ThreadMessage } from '@teaminbox/contracts';

/** The thread list filter of the email detail. */
export type ThreadFilter = 'all' | 'incoming' | 'outgoing';

export const DETAIL_PREVIEW_LENGTH = 140;
export const TIMELINE_REPLY_PREVIEW_LENGTH = 160;

/** Text cut to `length` characters plus an ellipsis when it was longer; whitespace runs collapsed. */
export function preview(text: string, length = DETAIL_PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

/** The thread as the list shows it: each message once (by id), oldest first, then the direction filter. */
export function threadView(messages: readonly ThreadMessage[], filter: ThreadFilter): ThreadMessage[] {
  const byId = new Map<string, ThreadMessage>();
  for (const message of messages) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()]
    .filter((message) => filter === 'all' || message.direction === filter)
    .sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt));
}

export type TimelineType = 'incoming' | 'outgoing' | 'reply' | 'composed' | 'comment' | 'status';

/** A derived event of the timeline view (spec: id, type, timestamp, author, subject, preview, payload, user). */
export interface TimelineEvent {
  id: string;
  type: TimelineType;
  timestamp: string;
  author: string;
  subject: string;
  preview: string;
  payload: ThreadMessage | Reply | Comment | EmailAction;
  userId: string | null;
  email: string | null;
  photo: string | null;
}

/** What an action log entry says, as i18n key and values (`emailDetail.action.{type}`). */
export function actionText(action: EmailAction): { key: string; values: Record<string, string> } {
  const details = action.details ?? {};
  return {
    key: `emailDetail.action.${action.type}`,
    values: {
      name: String(details.assignedToName ?? details.assignedTo ?? ''),
      label: String(details.labelName ?? details.labelId ?? ''),
      status: String(details.status ?? ''),
      priority: String(details.priority ?? ''),
    },
  };
}

/** The rule that made an action log entry (its name as it was then), or null for a member's or the system's. */
export function ruleOf(action: EmailAction): string | null {
  return action.actor?.kind === 'rule' ? action.actor.ruleName : null;
}

type Translate = (key: string, values?: Record<string, string>) => string;

/** Who made an action log entry: "Rule 'VIP customers'" for a rule, else the member's name or email. */
export function actionActor(t: Translate, action: EmailAction): string {
  const rule = ruleOf(action);
  return rule === null ? action.actorName || action.actorEmail || '' : t('rules.actor', { name: rule });
}

/**
 * An action log entry as the timeline writes it: "Assigned to Jana", "Status changed to In Progress"; one a rule
 * made names the rule first: "Rule 'VIP customers': assigned to Jana".
 */
export function describeAction(t: Translate, action: EmailAction): string {
  const { key, values } = actionText(action);
  const text = t(key, {
    ...values,
    status: values.status ? t(`emailDetail.statuses.${values.status}`) : '',
    priority: values.priority ? t(`emailDetail.priorities.${values.priority}`) : '',
  });
  if (ruleOf(action) === null) return text;
  const lowered = text.charAt(0).toLocaleLowerCase() + text.slice(1);
  return t('emailDetail.byRule', { rule: actionActor(t, action), action: lowered });
}

/**
 * The timeline: the thread's incoming mail, the team's outgoing mail (a reply written on this email is a 'reply'; the
 * message a member composed to start the conversation, which has the email's own id, is 'composed'), the internal
 * comments and the status changes of the action log, oldest first. Drafts are not events.
 */
export function buildTimeline(
  thread: readonly ThreadMessage[],
  replies: readonly Reply[],
  comments: readonly Comment[],
  actions: readonly EmailAction[],
  describeAction: (action: EmailAction) => string,
  actorOf: (action: EmailAction) => string = (action) => action.actorName || action.actorEmail || '',
): TimelineEvent[] {
  const repliesById = new Map(replies.map((reply) => [reply.id, reply]));
  const events: TimelineEvent[] = threadView(thread, 'all').map((message) => {
    const reply = message.direction === 'outgoing' ? repliesById.get(message.id) : undefined;
    if (reply) {
      return {
        id: message.id,
        type: reply.id === reply.emailId ? 'composed' : 'reply',
        timestamp: message.receivedAt,
        author: reply.authorName || reply.authorEmail || message.fromName || message.fromEmail,
        subject: reply.subject,
        preview: preview(reply.body, TIMELINE_REPLY_PREVIEW_LENGTH),
        payload: reply,
        userId: reply.authorId,
        email: reply.authorEmail,
        photo: null,
      };
    }
    return {
      id: message.id,
      type: message.direction,
      timestamp: message.receivedAt,
      author: message.fromName || message.fromEmail,
      subject: message.subject,
      preview: preview(message.body),
      payload: message,
      userId: null,
      email: message.fromEmail || null,
      photo: null,
    };
  });
  for (const comment of comments) {
    events.push({
      id: comment.id,
      type: 'comment',
      timestamp: comment.createdAt,
      author: comment.userName || comment.userEmail,
      subject: '',
      preview: preview(comment.message),
      payload: comment,
      userId: comment.userId,
      email: comment.userEmail,
      photo: null,
    });
  }
  for (const action of actions) {
    events.push({
      id: action.id,
      type: 'status',
      timestamp: action.createdAt,
      author: actorOf(action),
      subject: describeAction(action),
      preview: '',
      payload: action,
      userId: action.actorUserId,
      email: action.actorEmail,
      photo: null,
    });
  }
  return events.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id.localeCompare(b.id));
}

/** Up to two initials of a name or an email address. */
export function initials(nameOrEmail: string): string {
  const base = nameOrEmail.includes('@') && !nameOrEmail.includes(' ') ? nameOrEmail.split('@')[0] : nameOrEmail;
  const words = base.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase();
}
