import type {
  EmailComposed,
  EmailQuarantined,
  EmailReceived,
  EmailReleasedFromQuarantine,
  EmailStatus,
  Priority,
  ReplyDraftSaved,
  ReplyQueued,
  WakeReason,
} from '@teaminbox/contracts';
import { SNOOZE_IN_PAST_MESSAGE } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import type { DomainEvent } from '../../../platform/event-sourcing/domain-event';
import { applyRule, type RuleToApply } from './apply-rule';

export const emailStreamId = (emailId: string) => `email-${emailId}`;

export const EMAIL_NOT_FOUND_MESSAGE = 'Email not found';

export type ReceiveEmail = { type: 'ReceiveEmail'; data: EmailReceived };
/**
 * A message that could not be parsed or stored: kept as EmailQuarantined on the stream its email would have had.
 * A retry that fails again (`retried`) records the new reason.
 */
export type QuarantineEmail = { type: 'QuarantineEmail'; data: EmailQuarantined; retried?: boolean };
/** A retried quarantined message found in the inbox already (under another email): it leaves the quarantine. */
export type ReleaseFromQuarantine = { type: 'ReleaseFromQuarantine'; data: EmailReleasedFromQuarantine };

/** Commands of the team's work on a received email; teamId is the caller's team (another team's email: not found). */
export type WorkOnEmail = { teamId: string } & (
  | { type: 'MarkRead'; userId: string; at: string }
  | { type: 'MarkUnread'; userId: string }
  | { type: 'Archive' }
  | { type: 'Unarchive' }
  | { type: 'MarkSpam' }
  | { type: 'MarkNotSpam' }
  | {
      type: 'Assign';
      assignedTo: string;
      assignedToName: string | null;
      assignedToEmail?: string | null;
      /** A rule assigns old mail of the first synchronisation (see EmailAssigned.firstSync). */
      firstSync?: boolean;
      /**
       * Who assigns, when it matters (absent: a member): a follow-up taking its conversation's assignee
       * ('conversation'), a rule ('rule'), or a rule that also reassigns conversations already assigned
       * ('rule-reassigning'). See keepsConversationAssignee.
       */
      via?: 'conversation' | 'rule' | 'rule-reassigning';
    }
  | { type: 'Unassign' }
  | { type: 'AddLabel'; labelId: string; labelName: string }
  | { type: 'RemoveLabel'; labelId: string; labelName: string }
  | { type: 'SetStatus'; status: EmailStatus }
  | { type: 'SetPriority'; priority: Priority }
  /** A matched rule's actions, resolved by the rules engine; applied once per (email, rule). */
  | { type: 'ApplyRule'; rule: RuleToApply; firstSync?: boolean }
  | { type: 'Mute'; userId: string }
  | { type: 'Unmute'; userId: string }
  | { type: 'Star'; userId: string }
  | { type: 'Unstar'; userId: string }
  | { type: 'AddComment'; userId: string; commentId: string; message: string; mentions: string[] }
  | { type: 'EditComment'; userId: string; commentId: string; message: string; mentions: string[] }
  | { type: 'DeleteComment'; userId: string; commentId: string }
  /** Creates (create: true) or replaces a reply draft; any member of the team may edit the team's drafts. */
  | { type: 'SaveDraft'; userId: string; draftId: string; create: boolean; draft: ReplyDraftFields }
  | { type: 'DeleteDraft'; draftId: string }
  /** An entry of the email's action log that a client posts (the server logs its own changes from their events). */
  | { type: 'LogAction'; actionId: string; action: string; details: Record<string, unknown> }
  /** Out of the inbox until `until` (a later snooze replaces an earlier one); `at` is now, to refuse a past time. */
  | { type: 'Snooze'; userId: string; snoozeId: string; until: string; at: string }
  /**
   * Back to the inbox: by hand ('manual', any snooze), when the snooze's time came ('time': only the snooze
   * `snoozeId`, so the job of a replaced or ended snooze does nothing), or when a customer answered ('answer': a snooze
   * ends and a pending reminder is cancelled).
   */
  | { type: 'Wake'; reason: 'manual' | 'answer'; at: string }
  | { type: 'Wake'; reason: 'time'; snoozeId: string; at: string }
  /** A reply's "Remind me if no answer by". */
  | { type: 'SetReminder'; userId: string; reminderId: string; replyId: string; dueAt: string; at: string }
  /** The reminder's time came: the email comes back unless the reminder was cancelled or replaced. */
  | { type: 'FireReminder'; reminderId: string; at: string }
);

export type ReplyDraftFields = Omit<ReplyDraftSaved, 'emailId' | 'teamId' | 'draftId' | 'userId' | 'correspondent'>;

export const COMMENT_NOT_FOUND_MESSAGE = 'Comment not found';
export const FORBIDDEN_MESSAGE = 'Forbidden!';
export const REPLY_NOT_FOUND_MESSAGE = 'Reply not found';
export const SENT_REPLY_UNCHANGEABLE_MESSAGE = 'Only drafts can be changed';
export const SENT_REPLY_UNDELETABLE_MESSAGE = 'A sent reply cannot be deleted';
export const NOT_SNOOZED_MESSAGE = 'The email is not snoozed';

export type EmailCommand = ReceiveEmail | QuarantineEmail | ReleaseFromQuarantine | WorkOnEmail;

/** The events that move an email between the inbox's counts: read or not, archived or not, spam or not. */
export const EMAIL_COUNTED_EVENT_TYPES = [
  'EmailMarkedRead',
  'EmailMarkedUnread',
  'EmailArchived',
  'EmailUnarchived',
  'EmailMarkedSpam',
  'EmailMarkedNotSpam',
  'EmailSnoozed',
  'EmailWoken',
] as const;

/** The events that change the inbox's row of a received email: its flags, assignee, labels, status and priority. */
export const EMAIL_ROW_EVENT_TYPES = [
  ...EMAIL_COUNTED_EVENT_TYPES,
  'EmailAssigned',
  'EmailUnassigned',
  'EmailLabelAdded',
  'EmailLabelRemoved',
  'EmailStatusChanged',
  'EmailPriorityChanged',
] as const;

/** The events that change an email itself (what the inbox read model shows). */
export const EMAIL_STATE_EVENT_TYPES = [
  'EmailReceived',
  ...EMAIL_ROW_EVENT_TYPES,
  'EmailNotificationsMuted',
  'EmailNotificationsUnmuted',
] as const;

/** The events the email's decider decides: its state, its members' stars, its comments and its reply drafts. */
export const EMAIL_DECIDED_EVENT_TYPES = [
  ...EMAIL_STATE_EVENT_TYPES,
  'EmailStarred',
  'EmailUnstarred',
  'CommentAdded',
  'CommentEdited',
  'CommentDeleted',
  'ReplyDraftSaved',
  'ReplyDraftDeleted',
  'EmailActionLogged',
  'EmailRuleApplied',
  'EmailNotificationsSuppressed',
  'EmailQuarantined',
  'EmailReleasedFromQuarantine',
  'ReminderSet',
  'ReminderCancelled',
] as const;

/**
 * Every event of the email's decider: the ones it decides, the outbox's ReplyQueued (a queued reply is no draft any
 * more) and EmailComposed (a conversation the team started is worked on like a received email).
 */
export const EMAIL_EVENT_TYPES = [...EMAIL_DECIDED_EVENT_TYPES, 'ReplyQueued', 'EmailComposed'] as const;
export type EmailEvent =
  | DomainEvent<
      Exclude<
        (typeof EMAIL_EVENT_TYPES)[number],
        'ReplyQueued' | 'EmailComposed' | 'EmailQuarantined' | 'EmailReleasedFromQuarantine'
      >
    >
  | { type: 'EmailQuarantined'; data: EmailQuarantined }
  | { type: 'EmailReleasedFromQuarantine'; data: EmailReleasedFromQuarantine }
  | { type: 'ReplyQueued'; data: ReplyQueued }
  | { type: 'EmailComposed'; data: EmailComposed };

export interface ReceivedEmailState {
  status: 'received';
  emailId: string;
  teamId: string;
  /**
   * The sender's address, as the stream reads it ("[erased]" after their erasure): comments and drafts name it as
   * their correspondent, whose key seals their texts.
   */
  sender: string;
  read: boolean;
  archived: boolean;
  spam: boolean;
  assignedTo: string | null;
  /** Where the current assignment came from (EmailAssigned.via); absent: a member or an ordinary rule. */
  assignedVia?: 'conversation' | 'rule-reassigning';
  labels: readonly string[];
  mutedBy: readonly string[];
  starredBy: readonly string[];
  /** Comment id -> author (deleted comments are removed). */
  comments: ReadonlyMap<string, string>;
  /** Ids of the email's reply drafts (sent or deleted drafts are removed). */
  drafts: ReadonlySet<string>;
  /** Ids of the replies handed to the outbox (queued, sent or failed): they cannot be changed any more. */
  queued: ReadonlySet<string>;
  /** The email's workflow status and priority (NEW, HIGH... as the inbox shows them). */
  emailStatus: EmailStatus;
  emailPriority: Priority;
  /** Ids of the rules whose actions were applied (each rule acts once on an email). */
  rulesApplied: ReadonlySet<string>;
  /** The snooze under way (absent: not snoozed). */
  snooze?: { snoozeId: string; until: string; by: string };
  /** The reminder of a sent reply that has not fired nor been cancelled (absent: none). */
  reminder?: { reminderId: string; dueAt: string; by: string };
}
export type EmailState = { status: 'absent' } | { status: 'quarantined' } | ReceivedEmailState;

/**
 * A follow-up keeps its conversation's assignee against a rule: a rule's assignment (`via` 'rule') to someone else is
 * not applied when the email's assignee came from its conversation, unless the rule reassigns conversations already
 * assigned. The other order is decided by the Assign of the conversation: it replaces a rule's assignment, except one
 * that reassigns conversations ('rule-reassigning'). So whichever of the rules engine and the continuation acts first,
 * the follow-up ends with the conversation's assignee, or with the rule's when the rule says so.
 */
export function keepsConversationAssignee(
  state: EmailState,
  assignTo: string,
  reassignConversation: boolean | undefined,
  via: 'conversation' | 'rule' | 'rule-reassigning' | undefined,
): boolean {
  return (
    via === 'rule' &&
    !reassignConversation &&
    state.status === 'received' &&
    state.assignedVia === 'conversation' &&
    state.assignedTo !== null &&
    state.assignedTo !== assignTo
  );
}

/**
 * A wake-up: the snooze ends (EmailWoken); an answer also cancels a pending reminder (ReminderCancelled). Nothing when
 * there is nothing to end (a time job of a replaced snooze, a second answer); waking by hand an email that is not
 * snoozed is refused.
 */
function wake(state: ReceivedEmailState, command: Extract<WorkOnEmail, { type: 'Wake' }>): EmailEvent[] {
  const ids = { emailId: state.emailId, teamId: state.teamId };
  const events: EmailEvent[] = [];
  const snooze = state.snooze;
  if (command.reason === 'manual' && !snooze) throw new DomainError('conflict', NOT_SNOOZED_MESSAGE);
  if (snooze && (command.reason !== 'time' || command.snoozeId === snooze.snoozeId)) {
    const woken = {
      ...ids,
      reason: command.reason,
      wokenAt: command.at,
      snoozeId: snooze.snoozeId,
      ...(command.reason === 'time' ? { askedBy: snooze.by } : {}),
    };
    events.push({ type: 'EmailWoken', data: woken });
  }
  if (command.reason === 'answer' && state.reminder) {
    const cancelled = { ...ids, reminderId: state.reminder.reminderId, reason: 'answer' as const };
    events.push({ type: 'ReminderCancelled', data: cancelled });
  }
  return events;
}

/**
 * The state after a wake-up: not snoozed, in the inbox again (not archived), and unread unless a member woke it by
 * hand; a reminder that fired is over.
 */
function wakeState(state: ReceivedEmailState, reason: WakeReason, reminderId?: string): ReceivedEmailState {
  const back = reason === 'manual' ? { ...state, archived: false } : { ...state, read: false, archived: false };
  const reminder = reminderId && state.reminder?.reminderId === reminderId ? undefined : state.reminder;
  return { ...back, snooze: undefined, reminder };
}

/**
 * One email's stream. Every command of the team's work is idempotent: a command that changes nothing (archiving
 * an archived email) appends nothing, so replays and double clicks leave no noise in the history.
 */
export const emailDecider: Decider<EmailCommand, EmailEvent, EmailState> = {
  eventTypes: EMAIL_EVENT_TYPES,
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    if (command.type === 'ReceiveEmail') {
      // Receiving the same message again changes nothing; a quarantined one received (retried) leaves the quarantine.
      if (state.status === 'received') return [];
      const received: EmailEvent = { type: 'EmailReceived', data: command.data };
      if (state.status === 'absent') return [received];
      const { emailId, teamId } = command.data;
      return [received, { type: 'EmailReleasedFromQuarantine', data: { emailId, teamId, duplicate: false } }];
    }
    if (command.type === 'QuarantineEmail') {
      const again = state.status === 'quarantined' && command.retried === true;
      return state.status === 'absent' || again ? [{ type: 'EmailQuarantined', data: command.data }] : [];
    }
    if (command.type === 'ReleaseFromQuarantine') {
      return state.status === 'quarantined' ? [{ type: 'EmailReleasedFromQuarantine', data: command.data }] : [];
    }
    if (state.status !== 'received' || state.teamId !== command.teamId) {
      throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    }
    const ids = { emailId: state.emailId, teamId: state.teamId };
    switch (command.type) {
      case 'MarkRead':
        return state.read
          ? []
          : [{ type: 'EmailMarkedRead', data: { ...ids, userId: command.userId, readAt: command.at } }];
      case 'MarkUnread':
        return state.read ? [{ type: 'EmailMarkedUnread', data: { ...ids, userId: command.userId } }] : [];
      case 'Archive':
        return state.archived ? [] : [{ type: 'EmailArchived', data: ids }];
      case 'Unarchive':
        return state.archived ? [{ type: 'EmailUnarchived', data: ids }] : [];
      case 'MarkSpam':
        return state.spam ? [] : [{ type: 'EmailMarkedSpam', data: ids }];
      case 'SetStatus':
        return state.emailStatus === command.status
          ? []
          : [
              {
                type: 'EmailStatusChanged',
                data: { ...ids, status: command.status, previousStatus: state.emailStatus },
              },
            ];
      case 'SetPriority':
        return state.emailPriority === command.priority
          ? []
          : [
              {
                type: 'EmailPriorityChanged',
                data: { ...ids, priority: command.priority, previousPriority: state.emailPriority },
              },
            ];
      case 'ApplyRule':
        return state.rulesApplied.has(command.rule.ruleId)
          ? []
          : applyRule(command.rule, state, emailDecider, { firstSync: command.firstSync === true });
      case 'MarkNotSpam':
        return state.spam ? [{ type: 'EmailMarkedNotSpam', data: ids }] : [];
      case 'Assign':
        return state.assignedTo === command.assignedTo ||
          keepsConversationAssignee(state, command.assignedTo, false, command.via) ||
          (command.via === 'conversation' && state.assignedVia === 'rule-reassigning')
          ? []
          : [
              {
                type: 'EmailAssigned',
                data: {
                  ...ids,
                  assignedTo: command.assignedTo,
                  assignedToName: command.assignedToName,
                  ...(command.assignedToEmail ? { assignedToEmail: command.assignedToEmail } : {}),
                  previousAssignee: state.assignedTo,
                  ...(command.firstSync ? { firstSync: true } : {}),
                  ...(command.via === 'conversation' || command.via === 'rule-reassigning' ? { via: command.via } : {}),
                },
              },
            ];
      case 'Unassign':
        return state.assignedTo === null
          ? []
          : [{ type: 'EmailUnassigned', data: { ...ids, previousAssignee: state.assignedTo } }];
      case 'AddLabel':
        return state.labels.includes(command.labelId)
          ? []
          : [{ type: 'EmailLabelAdded', data: { ...ids, labelId: command.labelId, labelName: command.labelName } }];
      case 'RemoveLabel':
        return state.labels.includes(command.labelId)
          ? [{ type: 'EmailLabelRemoved', data: { ...ids, labelId: command.labelId, labelName: command.labelName } }]
          : [];
      case 'Mute':
        return state.mutedBy.includes(command.userId)
          ? []
          : [{ type: 'EmailNotificationsMuted', data: { ...ids, userId: command.userId } }];
      case 'Unmute':
        return state.mutedBy.includes(command.userId)
          ? [{ type: 'EmailNotificationsUnmuted', data: { ...ids, userId: command.userId } }]
          : [];
      case 'Star':
        return state.starredBy.includes(command.userId)
          ? []
          : [{ type: 'EmailStarred', data: { ...ids, userId: command.userId } }];
      case 'Unstar':
        return state.starredBy.includes(command.userId)
          ? [{ type: 'EmailUnstarred', data: { ...ids, userId: command.userId } }]
          : [];
      case 'AddComment': {
        if (state.comments.has(command.commentId)) return [];
        const { commentId, userId, message, mentions } = command;
        const correspondent = state.sender;
        return [{ type: 'CommentAdded', data: { ...ids, commentId, userId, message, mentions, correspondent } }];
      }
      case 'EditComment': {
        const author = state.comments.get(command.commentId);
        if (!author) throw new DomainError('not-found', COMMENT_NOT_FOUND_MESSAGE);
        if (author !== command.userId) throw new DomainError('forbidden', FORBIDDEN_MESSAGE);
        const { commentId, message, mentions } = command;
        const correspondent = state.sender;
        return [{ type: 'CommentEdited', data: { ...ids, commentId, message, mentions, correspondent } }];
      }
      case 'DeleteComment': {
        const author = state.comments.get(command.commentId);
        if (!author) throw new DomainError('not-found', COMMENT_NOT_FOUND_MESSAGE);
        if (author !== command.userId) throw new DomainError('forbidden', FORBIDDEN_MESSAGE);
        return [{ type: 'CommentDeleted', data: { ...ids, commentId: command.commentId } }];
      }
      case 'SaveDraft': {
        if (state.queued.has(command.draftId)) throw new DomainError('conflict', SENT_REPLY_UNCHANGEABLE_MESSAGE);
        const exists = state.drafts.has(command.draftId);
        if (command.create ? exists : !exists) {
          if (command.create) return [];
          throw new DomainError('not-found', REPLY_NOT_FOUND_MESSAGE);
        }
        const { draftId, userId, draft } = command;
        return [{ type: 'ReplyDraftSaved', data: { ...ids, draftId, userId, ...draft, correspondent: state.sender } }];
      }
      case 'DeleteDraft':
        if (state.queued.has(command.draftId)) throw new DomainError('conflict', SENT_REPLY_UNDELETABLE_MESSAGE);
        if (!state.drafts.has(command.draftId)) throw new DomainError('not-found', REPLY_NOT_FOUND_MESSAGE);
        return [{ type: 'ReplyDraftDeleted', data: { ...ids, draftId: command.draftId } }];
      case 'Snooze': {
        if (Date.parse(command.until) <= Date.parse(command.at))
          throw new DomainError('invalid', SNOOZE_IN_PAST_MESSAGE);
        const { snoozeId, until, userId } = command;
        return [{ type: 'EmailSnoozed', data: { ...ids, snoozeId, until, by: userId } }];
      }
      case 'Wake':
        return wake(state, command);
      case 'SetReminder': {
        if (state.reminder?.reminderId === command.reminderId) return [];
        if (Date.parse(command.dueAt) <= Date.parse(command.at))
          throw new DomainError('invalid', SNOOZE_IN_PAST_MESSAGE);
        const { reminderId, replyId, dueAt, userId } = command;
        return [{ type: 'ReminderSet', data: { ...ids, reminderId, replyId, dueAt, by: userId } }];
      }
      case 'FireReminder':
        return state.reminder?.reminderId === command.reminderId
          ? [
              {
                type: 'EmailWoken',
                data: {
                  ...ids,
                  reason: 'reminder',
                  wokenAt: command.at,
                  reminderId: command.reminderId,
                  askedBy: state.reminder.by,
                },
              },
            ]
          : [];
      case 'LogAction': {
        const { actionId, action, details } = command;
        const correspondent = state.sender;
        return [{ type: 'EmailActionLogged', data: { ...ids, actionId, type: action, details, correspondent } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'EmailReceived') {
      return {
        status: 'received',
        emailId: event.data.emailId,
        teamId: event.data.teamId,
        sender: event.data.fromEmail,
        read: false,
        archived: false,
        spam: false,
        assignedTo: null,
        labels: [],
        mutedBy: [],
        starredBy: [],
        comments: new Map(),
        drafts: new Set(),
        queued: new Set(),
        emailStatus: event.data.status,
        emailPriority: event.data.priority,
        rulesApplied: new Set(),
      };
    }
    if (event.type === 'EmailComposed') {
      // Written by a member to a correspondent: read, assigned to its author, the correspondent its first recipient.
      return {
        status: 'received',
        emailId: event.data.emailId,
        teamId: event.data.teamId,
        sender: event.data.to[0] ?? event.data.fromEmail,
        read: true,
        archived: false,
        spam: false,
        assignedTo: event.data.assignedTo,
        labels: [],
        mutedBy: [],
        starredBy: [],
        comments: new Map(),
        drafts: new Set(),
        queued: new Set(),
        emailStatus: event.data.status,
        emailPriority: event.data.priority,
        rulesApplied: new Set(),
      };
    }
    if (event.type === 'EmailQuarantined') return state.status === 'absent' ? { status: 'quarantined' } : state;
    if (state.status !== 'received') return state;
    switch (event.type) {
      case 'EmailMarkedRead':
        return { ...state, read: true };
      case 'EmailMarkedUnread':
        return { ...state, read: false };
      case 'EmailArchived':
        return { ...state, archived: true };
      case 'EmailUnarchived':
        return { ...state, archived: false };
      case 'EmailMarkedSpam':
        return { ...state, spam: true };
      case 'EmailMarkedNotSpam':
        return { ...state, spam: false };
      case 'EmailAssigned':
        return { ...state, assignedTo: event.data.assignedTo, assignedVia: event.data.via };
      case 'EmailUnassigned':
        return { ...state, assignedTo: null, assignedVia: undefined };
      case 'EmailLabelAdded':
        return { ...state, labels: [...state.labels, event.data.labelId] };
      case 'EmailLabelRemoved':
        return { ...state, labels: state.labels.filter((id) => id !== event.data.labelId) };
      case 'EmailNotificationsMuted':
        return { ...state, mutedBy: [...state.mutedBy, event.data.userId] };
      case 'EmailNotificationsUnmuted':
        return { ...state, mutedBy: state.mutedBy.filter((id) => id !== event.data.userId) };
      case 'EmailStarred':
        return { ...state, starredBy: [...state.starredBy, event.data.userId] };
      case 'EmailUnstarred':
        return { ...state, starredBy: state.starredBy.filter((id) => id !== event.data.userId) };
      case 'CommentAdded':
        return { ...state, comments: new Map(state.comments).set(event.data.commentId, event.data.userId) };
      case 'CommentEdited':
        return state;
      case 'CommentDeleted': {
        const comments = new Map(state.comments);
        comments.delete(event.data.commentId);
        return { ...state, comments };
      }
      case 'ReplyDraftSaved':
        return state.drafts.has(event.data.draftId)
          ? state
          : { ...state, drafts: new Set(state.drafts).add(event.data.draftId) };
      case 'ReplyDraftDeleted': {
        const drafts = new Set(state.drafts);
        drafts.delete(event.data.draftId);
        return { ...state, drafts };
      }
      case 'EmailActionLogged':
      case 'EmailNotificationsSuppressed':
        return state;
      case 'EmailStatusChanged':
        return { ...state, emailStatus: event.data.status };
      case 'EmailPriorityChanged':
        return { ...state, emailPriority: event.data.priority };
      case 'EmailRuleApplied':
        return { ...state, rulesApplied: new Set(state.rulesApplied).add(event.data.ruleId) };
      case 'ReplyQueued':
        return { ...state, queued: new Set(state.queued).add(event.data.replyId) };
      case 'EmailReleasedFromQuarantine':
        return state;
      case 'EmailSnoozed':
        return { ...state, snooze: { snoozeId: event.data.snoozeId, until: event.data.until, by: event.data.by } };
      case 'EmailWoken':
        return wakeState(state, event.data.reason, event.data.reminderId);
      case 'ReminderSet':
        return {
          ...state,
          reminder: { reminderId: event.data.reminderId, dueAt: event.data.dueAt, by: event.data.by },
        };
      case 'ReminderCancelled':
        return state.reminder?.reminderId === event.data.reminderId ? { ...state, reminder: undefined } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
