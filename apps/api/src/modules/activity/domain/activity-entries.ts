import { createHash } from 'node:crypto';
import {
  type DomainEventMap,
  EMAIL_ACTION_TYPES,
  type EmailActionType,
  isScheduledSend,
  type LabelCreated,
  type LabelUpdated,
  type MailboxSettings,
  type MailEventMap,
  type OutboxEventMap,
  type PersonalEventMap,
  type ReplyQueued,
  type ReplyTemplateCreated,
  type RuleDefinition,
  type RuleEventMap,
  type TeamActivityDetails,
  type TeamActivityType,
} from '@teaminbox/contracts';

/**
 * One entry of the team's activity log as an event describes it (pure: no I/O). Besides what the event says, an
 * entry can ask the projection to keep what it knows about a subject for later events (`remember`: a label's name
 * for its deletion), to fill in what was kept (`recall`), or to compare with it (`compare`: an update lists the
 * fields it changed and is left out when it changed none a person sees or a secret's version).
 */
export interface ActivityEntryDraft {
  kind: 'entry';
  type: TeamActivityType;
  details: TeamActivityDetails;
  /** The email the entry is about. */
  emailId?: string;
  /** The member the entry is about (named when read). */
  memberId?: string;
  /** Compared and remembered with the details, never shown (e.g. a fingerprint of a sealed password). */
  hidden?: Record<string, unknown>;
  remember?: string;
  recall?: string;
  compare?: string;
  /**
   * Reads what was remembered under `key` and lets `shown` choose the entry's type and add details from it (unlike
   * `recall`, which copies every detail kept).
   */
  consult?: { key: string; shown: (kept: TeamActivityDetails | undefined) => Consulted };
  /** An earlier entry the event changes too (an undone send: the message's entry is no longer being sent). */
  amends?: ActivityAmendment;
}

/** What a consulted memory makes of an entry: another type, more details. */
export interface Consulted {
  type?: TeamActivityType;
  details?: TeamActivityDetails;
}

/** A change to an entry written earlier (a reply's delivery), found by what it remembered under `key`. */
export interface ActivityAmendment {
  kind: 'amend';
  key: string;
  details: TeamActivityDetails;
}

export type ActivityDraft = ActivityEntryDraft | ActivityAmendment;

type Options = Omit<ActivityEntryDraft, 'kind' | 'type' | 'details'>;

const entry = (
  type: TeamActivityType,
  details: TeamActivityDetails = {},
  options: Options = {},
): ActivityEntryDraft => ({
  kind: 'entry',
  type,
  details,
  ...options,
});
const amend = (key: string, details: TeamActivityDetails): ActivityAmendment => ({ kind: 'amend', key, details });
const onEmail = (data: { emailId: string }): Options => ({ emailId: data.emailId });

/** A short, one-way fingerprint: tells that a text (or a sealed secret) changed without keeping it. */
const fingerprint = (value: string | null | undefined): string | null =>
  value ? createHash('sha256').update(value).digest('base64url').slice(0, 16) : null;

/** What a person may see of a mailbox configuration: no password, no token. */
function mailboxShown(settings: MailboxSettings): TeamActivityDetails {
  return {
    imapHost: settings.imapHost,
    imapPort: settings.imapPort,
    imapUsername: settings.imapUsername,
    imapUseSsl: settings.imapUseSsl,
    imapFolders: settings.imapFolders.length ? settings.imapFolders : [settings.imapFolder],
    smtpHost: settings.smtpHost,
    smtpPort: settings.smtpPort,
    smtpUsername: settings.smtpUsername,
    smtpUseSsl: settings.smtpUseSsl,
    smtpUseTls: settings.smtpUseTls,
    authType: settings.authType,
    oauthProvider: settings.oauthProvider,
    oauthConnected: Boolean(settings.oauth),
    fromEmail: settings.fromEmail,
    fromName: settings.fromName,
    isActive: settings.isActive,
  };
}

/** The passwords' versions: a new password shows as a change; a refreshed OAuth2 access token does not. */
const mailboxSecrets = (settings: MailboxSettings) => ({
  imapPassword: fingerprint(settings.imapPasswordSealed),
  smtpPassword: fingerprint(settings.smtpPasswordSealed),
});

const label = (data: LabelCreated | LabelUpdated): TeamActivityDetails => ({
  labelId: data.labelId,
  labelName: data.name,
  color: data.color,
  backgroundColor: data.backgroundColor,
});

const template = (data: ReplyTemplateCreated): TeamActivityDetails => ({
  templateId: data.templateId,
  templateName: data.name,
  subject: data.subject,
});
const templateTexts = (data: ReplyTemplateCreated) => ({
  body: fingerprint(data.body),
  htmlBody: fingerprint(data.htmlBody),
});

/** What a person reads of a rule: its name and settings; its conditions and actions only as a fingerprint each. */
const rule = (ruleId: string, definition: RuleDefinition): TeamActivityDetails => ({
  ruleId,
  ruleName: definition.name,
  rulePriority: definition.priority,
  matchMode: definition.matchMode,
  suppressNotifications: definition.suppressNotifications,
});
const ruleParts = (definition: RuleDefinition) => ({
  conditions: fingerprint(JSON.stringify(definition.conditions)),
  actions: fingerprint(JSON.stringify(definition.actions)),
});

const isEmailActionType = (type: string): type is EmailActionType =>
  (EMAIL_ACTION_TYPES as readonly string[]).includes(type);

/** Every event type the team's activity log shows, with its payload. */
export type ActivityEventMap = DomainEventMap & OutboxEventMap & MailEventMap & PersonalEventMap & RuleEventMap;

type ActivityMappings = {
  /** `at`: when the event occurred (its metadata's occurredAt), for the entries that compare times. */
  readonly [K in keyof ActivityEventMap]?: (data: ActivityEventMap[K], at: string | undefined) => ActivityDraft | null;
};

/**
 * What a queued message is: a forward, the first message of a conversation a member started (Compose: kind 'compose',
 * or, recorded before composes had a kind, a message whose id is its email's: a reply never has its email's id), or a
 * reply.
 */
function sendingType(d: ReplyQueued): TeamActivityType {
  if (d.kind === 'forward') return 'EMAIL_FORWARDED';
  if (d.kind === 'compose' || (!d.kind && d.replyId === d.emailId)) return 'EMAIL_COMPOSED';
  return 'REPLY_SENT';
}

/** A queued message's entry: being sent (after its undo window), or scheduled for the time it was sent for. */
function queuedEntry(d: ReplyQueued, at: string | undefined): ActivityEntryDraft {
  const scheduled = at !== undefined && isScheduledSend(at, d.sendAt);
  return entry(
    sendingType(d),
    {
      replyId: d.replyId,
      subject: d.subject,
      to: d.to,
      status: scheduled ? 'SCHEDULED' : 'QUEUED',
      ...(scheduled ? { scheduledFor: d.sendAt } : {}),
    },
    { ...onEmail(d), remember: `reply:${d.replyId}` },
  );
}

/** An undone send reads as one; a message sent for later whose send was cancelled, as a scheduled send cancelled. */
const cancelledSend = (kept: TeamActivityDetails | undefined): Consulted =>
  kept?.scheduledFor
    ? { type: 'SCHEDULED_SEND_CANCELLED', details: { scheduledFor: kept.scheduledFor } }
    : { type: 'SEND_UNDONE' };

/**
 * Event type -> activity entry: the one place that decides what the team's activity log shows. A new event type is
 * one line here (and, for a new entry type, its name in TEAM_ACTIVITY_TYPES and its words in the i18n `activity`).
 */
export const ACTIVITY_ENTRIES: ActivityMappings = {
  EmailAssigned: (d) => entry('ASSIGN', { assignedTo: d.assignedTo, assignedToName: d.assignedToName }, onEmail(d)),
  EmailUnassigned: (d) => entry('UNASSIGN', { assignedTo: null, previousAssignee: d.previousAssignee }, onEmail(d)),
  EmailLabelAdded: (d) => entry('LABEL_ADDED', { labelId: d.labelId, labelName: d.labelName }, onEmail(d)),
  EmailLabelRemoved: (d) => entry('LABEL_REMOVED', { labelId: d.labelId, labelName: d.labelName }, onEmail(d)),
  EmailArchived: (d) => entry('ARCHIVED', {}, onEmail(d)),
  EmailUnarchived: (d) => entry('UNARCHIVED', {}, onEmail(d)),
  EmailMarkedSpam: (d) => entry('SPAM', {}, onEmail(d)),
  EmailMarkedNotSpam: (d) => entry('NOT_SPAM', {}, onEmail(d)),
  EmailStatusChanged: (d) =>
    entry('STATUS_CHANGED', { status: d.status, previousStatus: d.previousStatus }, onEmail(d)),
  EmailPriorityChanged: (d) =>
    entry('PRIORITY_CHANGED', { priority: d.priority, previousPriority: d.previousPriority }, onEmail(d)),
  EmailActionLogged: (d) => (isEmailActionType(d.type) ? entry(d.type, { ...d.details }, onEmail(d)) : null),
  TeamCreated: (d) => entry('TEAM_CREATED', { teamName: d.name }),
  TeamMemberJoined: (d) => entry('MEMBER_JOINED', { role: d.role }, { memberId: d.userId }),
  MemberRoleChanged: (d) =>
    entry('ROLE_CHANGED', { role: d.role, previousRole: d.previousRole }, { memberId: d.userId }),
  TeamMemberRemoved: (d) => entry('MEMBER_REMOVED', {}, { memberId: d.userId }),
  InvitationSent: (d) =>
    entry(
      'INVITATION_SENT',
      { invitationId: d.invitationId, email: d.email },
      { remember: `invitation:${d.invitationId}` },
    ),
  InvitationDeleted: (d) =>
    entry('INVITATION_DELETED', { invitationId: d.invitationId }, { recall: `invitation:${d.invitationId}` }),
  MailboxConfigured: (d) =>
    entry('MAILBOX_CONFIGURED', mailboxShown(d.settings), { hidden: mailboxSecrets(d.settings), remember: 'mailbox' }),
  MailboxConfigUpdated: (d) =>
    entry('MAILBOX_UPDATED', mailboxShown(d.settings), {
      hidden: mailboxSecrets(d.settings),
      compare: 'mailbox',
      remember: 'mailbox',
    }),
  LabelCreated: (d) => entry('LABEL_CREATED', label(d), { remember: `label:${d.labelId}` }),
  LabelUpdated: (d) =>
    entry('LABEL_UPDATED', label(d), { compare: `label:${d.labelId}`, remember: `label:${d.labelId}` }),
  LabelDeleted: (d) => entry('LABEL_DELETED', { labelId: d.labelId }, { recall: `label:${d.labelId}` }),
  ReplyTemplateCreated: (d) =>
    entry('TEMPLATE_CREATED', template(d), { hidden: templateTexts(d), remember: `template:${d.templateId}` }),
  ReplyTemplateUpdated: (d) =>
    entry('TEMPLATE_UPDATED', template(d), {
      hidden: templateTexts(d),
      compare: `template:${d.templateId}`,
      remember: `template:${d.templateId}`,
    }),
  ReplyTemplateDeleted: (d) =>
    entry('TEMPLATE_DELETED', { templateId: d.templateId }, { recall: `template:${d.templateId}` }),
  RuleCreated: (d) =>
    entry('RULE_CREATED', rule(d.ruleId, d.rule), { hidden: ruleParts(d.rule), remember: `rule:${d.ruleId}` }),
  RuleChanged: (d) =>
    entry('RULE_UPDATED', rule(d.ruleId, d.rule), {
      hidden: ruleParts(d.rule),
      compare: `rule:${d.ruleId}`,
      remember: `rule:${d.ruleId}`,
    }),
  RuleEnabled: (d) => entry('RULE_ENABLED', { ruleId: d.ruleId }, { recall: `rule:${d.ruleId}` }),
  RuleDisabled: (d) => entry('RULE_DISABLED', { ruleId: d.ruleId }, { recall: `rule:${d.ruleId}` }),
  RuleDeleted: (d) => entry('RULE_DELETED', { ruleId: d.ruleId }, { recall: `rule:${d.ruleId}` }),
  ReplyQueued: (d, at) => queuedEntry(d, at),
  ReplySendCancelled: (d) =>
    entry(
      'SEND_UNDONE',
      { replyId: d.replyId, draftId: d.draftId },
      {
        ...onEmail(d),
        consult: { key: `reply:${d.replyId}`, shown: cancelledSend },
        amends: amend(`reply:${d.replyId}`, { status: 'CANCELLED' }),
      },
    ),
  ConversationsMerged: (d) =>
    entry('CONVERSATIONS_MERGED', { emailIds: d.emailIds, conversationId: d.intoThreadId }, onEmail(d)),
  EmailSplitFromConversation: (d) => entry('EMAIL_SPLIT', { conversationId: d.newThreadId }, onEmail(d)),
  EmailSnoozed: (d) => entry('SNOOZED', { until: d.until }, onEmail(d)),
  EmailWoken: (d) => entry('WOKEN', { reason: d.reason }, onEmail(d)),
  ReminderSet: (d) => entry('REMINDER_SET', { until: d.dueAt, replyId: d.replyId }, onEmail(d)),
  ReminderCancelled: (d) => entry('REMINDER_CANCELLED', { reason: d.reason }, onEmail(d)),
  ReplySent: (d) => amend(`reply:${d.replyId}`, { status: 'SENT' }),
  ReplyFailed: (d) => amend(`reply:${d.replyId}`, { status: 'FAILED', error: d.error }),
};

/** The event types the team's activity log reads. */
export const ACTIVITY_EVENT_TYPES = Object.keys(ACTIVITY_ENTRIES) as (keyof ActivityEventMap)[];

/** The draft of an event (`at`: when it occurred), or null when the log shows nothing for it. */
export function activityOf(type: string, data: unknown, at?: string): ActivityDraft | null {
  const map = ACTIVITY_ENTRIES as Record<string, ((data: unknown, at?: string) => ActivityDraft | null) | undefined>;
  const mapper = Object.prototype.hasOwnProperty.call(map, type) ? map[type] : undefined;
  return mapper ? mapper(data, at) : null;
}

/**
 * What an update changed, compared with what was remembered: the keys of the shown details and of the hidden values
 * that differ, and the former values of the shown ones.
 */
export function changesBetween(
  before: { details: TeamActivityDetails; hidden?: Record<string, unknown> },
  after: { details: TeamActivityDetails; hidden?: Record<string, unknown> },
): { changed: string[]; previous: Record<string, unknown> } {
  const differs = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
  const changed: string[] = [];
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys({ ...before.details, ...after.details })) {
    if (!differs(before.details[key], after.details[key])) continue;
    changed.push(key);
    previous[key] = before.details[key] ?? null;
  }
  for (const key of Object.keys({ ...before.hidden, ...after.hidden })) {
    if (differs(before.hidden?.[key], after.hidden?.[key])) changed.push(key);
  }
  return { changed, previous };
}
