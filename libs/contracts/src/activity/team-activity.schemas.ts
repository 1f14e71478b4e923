import { z } from 'zod';
import { pageQueryShape } from '../paging.schemas';
import { EMAIL_ACTION_TYPES, type EmailActionDetails } from '../conversations/collaboration.schemas';
import type { ActorKind } from '../events/events';

/* ------------------------------------------------------------------------------------------------
 * Team activity (GET /team/actions?teamId): what the team's members, rules and the system changed
 * ---------------------------------------------------------------------------------------------- */

/**
 * The spec's eight email actions, then the team's other changes. Each is one entry of the activity log; the screen
 * words each type (i18n `activity.entry.<TYPE>`).
 */
export const TEAM_ACTIVITY_TYPES = [
  ...EMAIL_ACTION_TYPES,
  'TEAM_CREATED',
  'MEMBER_JOINED',
  'MEMBER_REMOVED',
  'ROLE_CHANGED',
  'INVITATION_SENT',
  'INVITATION_DELETED',
  'MAILBOX_CONFIGURED',
  'MAILBOX_UPDATED',
  'LABEL_CREATED',
  'LABEL_UPDATED',
  'LABEL_DELETED',
  'TEMPLATE_CREATED',
  'TEMPLATE_UPDATED',
  'TEMPLATE_DELETED',
  'RULE_CREATED',
  'RULE_UPDATED',
  'RULE_ENABLED',
  'RULE_DISABLED',
  'RULE_DELETED',
  'REPLY_SENT',
  'EMAIL_FORWARDED',
  'EMAIL_COMPOSED',
  'CONVERSATIONS_MERGED',
  'EMAIL_SPLIT',
  'SNOOZED',
  'WOKEN',
  'REMINDER_SET',
  'REMINDER_CANCELLED',
  'SEND_UNDONE',
  'SCHEDULED_SEND_CANCELLED',
] as const;
export type TeamActivityType = (typeof TEAM_ACTIVITY_TYPES)[number];

/**
 * The delivery of a reply, forward or composed message an entry REPLY_SENT, EMAIL_FORWARDED or EMAIL_COMPOSED
 * records, as it is now: waiting for its undo window or being sent (QUEUED), sent for later and waiting for its time
 * (SCHEDULED, with `scheduledFor`), sent, failed, or undone / cancelled before it went (CANCELLED).
 */
export type ReplyDeliveryStatus = 'QUEUED' | 'SCHEDULED' | 'SENT' | 'FAILED' | 'CANCELLED';

/**
 * What an entry is about, by type. Email actions carry the spec's details (assignedTo, assignedToName, labelId,
 * labelName); the others carry the names a person reads (never a secret: a mailbox entry says that a password is set
 * or changed, not what it is). `changed` lists the fields an update changed and `previous` their former values.
 */
export interface TeamActivityDetails extends EmailActionDetails {
  /** TEAM_CREATED */
  teamName?: string;
  /** MEMBER_JOINED, MEMBER_REMOVED, ROLE_CHANGED: the member the entry is about. */
  memberId?: string;
  memberName?: string | null;
  memberEmail?: string | null;
  role?: string;
  previousRole?: string;
  /** INVITATION_SENT, INVITATION_DELETED */
  invitationId?: string;
  email?: string;
  /** LABEL_* */
  color?: string;
  backgroundColor?: string;
  /** TEMPLATE_* */
  templateId?: string;
  templateName?: string;
  /** RULE_* */
  ruleId?: string;
  ruleName?: string;
  rulePriority?: number;
  matchMode?: string;
  suppressNotifications?: boolean;
  /** REPLY_SENT, EMAIL_FORWARDED, EMAIL_COMPOSED, SEND_UNDONE, SCHEDULED_SEND_CANCELLED */
  replyId?: string;
  /**
   * REPLY_SENT, EMAIL_FORWARDED, EMAIL_COMPOSED sent for later (status SCHEDULED until it goes), and
   * SCHEDULED_SEND_CANCELLED: the time it was to go.
   */
  scheduledFor?: string;
  /** SEND_UNDONE, SCHEDULED_SEND_CANCELLED: the draft the message became again. */
  draftId?: string;
  subject?: string;
  to?: string[];
  /**
   * REPLY_SENT, EMAIL_FORWARDED, EMAIL_COMPOSED: the delivery (a ReplyDeliveryStatus); STATUS_CHANGED: the email's new
   * status.
   */
  status?: string;
  error?: string;
  /** CONVERSATIONS_MERGED: the emails named, one per conversation merged (the entry's email first). */
  emailIds?: string[];
  /** CONVERSATIONS_MERGED, EMAIL_SPLIT: the conversation the email is part of after the change. */
  conversationId?: string;
  /** SNOOZED: until when; REMINDER_SET: when the reminder is due. */
  until?: string;
  /** WOKEN: why it came back (time, answer, manual, reminder); REMINDER_CANCELLED: why (answer). */
  reason?: string;
  /** MAILBOX_*: the settings a person may see. */
  imapHost?: string;
  smtpHost?: string;
  fromEmail?: string;
  authType?: string;
  isActive?: boolean;
  /** *_UPDATED: the fields the change touched, and what the shown ones were before. */
  changed?: string[];
  previous?: Record<string, unknown>;
}

/** An entry of GET /team/actions: the spec's activity log entry plus who or what acted and the email's subject. */
export interface TeamActivityEntry {
  id: string;
  type: TeamActivityType;
  createdAt: string;
  /** The member who acted; null for a rule or the system. */
  actorUserId: string | null;
  /** The member's display name (or email), the rule's name for a rule, null for the system. */
  actorName: string | null;
  actorEmail: string | null;
  actorKind: ActorKind;
  /** The email the entry is about; null for the team's other changes. */
  emailId: string | null;
  emailSubject: string | null;
  details: TeamActivityDetails;
}

export const TEAM_ACTIVITY_PAGE_SIZE = 20;
export const TEAM_ACTIVITY_MAX_PAGE_SIZE = 100;

/** GET /team/actions?teamId&page&size: newest first; `teamId`, when sent, must be the caller's team. */
export const ZTeamActivityQuery = z.object({
  ...pageQueryShape({
    default: TEAM_ACTIVITY_PAGE_SIZE,
    max: TEAM_ACTIVITY_MAX_PAGE_SIZE,
    belowOne: 'size must be at least 1',
    aboveMax: `size is limited to ${TEAM_ACTIVITY_MAX_PAGE_SIZE}`,
  }),
  teamId: z.string().optional(),
});
export type TTeamActivityQuery = z.infer<typeof ZTeamActivityQuery>;
