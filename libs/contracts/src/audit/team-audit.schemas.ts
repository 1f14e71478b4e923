import { z } from 'zod';
import { pageQueryShape } from '../paging.schemas';
import type { ActorKind, DomainEventMap } from '../events/events';
import type { ErasureEventMap } from './erasure.schemas';
import type { MailEventMap } from '../mail/mail.events';
import type { OutboxEventMap } from '../mail/send-reply.schemas';
import type { NotificationEventMap } from '../notifications/notification.events';
import type { PersonalEventMap } from '../personal/personal.events';
import type { RuleEventMap } from '../rules/rule.events';
import type { ServiceLevelEventMap } from '../service-levels/service-level.events';

import { TEAM_AUDIT_EXPORT_FORMATS, TEAM_AUDIT_MAX_PAGE_SIZE, TEAM_AUDIT_PAGE_SIZE } from './team-audit.constants';

export * from './team-audit.constants';

/* ------------------------------------------------------------------------------------------------
 * Team audit trail (GET /team/audit, GET /team/audit/export): every event of the team, without secrets
 * ---------------------------------------------------------------------------------------------- */

/** Every event type of every context. */
export type AnyEventMap = DomainEventMap &
  MailEventMap &
  OutboxEventMap &
  RuleEventMap &
  PersonalEventMap &
  NotificationEventMap &
  ServiceLevelEventMap &
  ErasureEventMap;
export type AnyEventType = keyof AnyEventMap;

/**
 * Whether each event type belongs to the team's audit trail: `true` for the team's events (members and roles,
 * invitations, mailbox configuration, rules, labels, templates, every email change), `false` for a person's own
 * account and notifications (sign-in links, passwords, preferences, notification inbox, push, profile photo). Typed
 * over every event map, so a new event type does not compile until it is decided here.
 */
const AUDITED: { readonly [K in AnyEventType]: boolean } = {
  // Team, members and roles, invitations
  TeamCreated: true,
  TeamMemberJoined: true,
  TeamMembershipClaimed: true,
  TeamMembershipReleased: true,
  InvitationSent: true,
  InvitationDeleted: true,
  InvitationAccepted: true,
  MemberRoleChanged: true,
  TeamMemberRemoved: true,
  // Mailbox configuration and intake
  MailboxConfigured: true,
  MailboxConfigUpdated: true,
  MailboxConfigChanged: true,
  EmailQuarantined: true,
  EmailReleasedFromQuarantine: true,
  // Rules, labels, templates
  RuleCreated: true,
  RuleChanged: true,
  RuleEnabled: true,
  RuleDisabled: true,
  RuleDeleted: true,
  LabelCreated: true,
  LabelUpdated: true,
  LabelDeleted: true,
  ConversationSettingsChanged: true,
  ConversationsMerged: true,
  EmailSplitFromConversation: true,
  ReplyTemplateCreated: true,
  ReplyTemplateUpdated: true,
  ReplyTemplateDeleted: true,
  BusinessHoursChanged: true,
  SlaPolicyCreated: true,
  SlaPolicyChanged: true,
  SlaPolicyDeleted: true,
  SlaPoliciesReordered: true,
  // Emails
  EmailReceived: true,
  EmailMarkedRead: true,
  EmailMarkedUnread: true,
  EmailArchived: true,
  EmailUnarchived: true,
  EmailMarkedSpam: true,
  EmailMarkedNotSpam: true,
  EmailAssigned: true,
  EmailUnassigned: true,
  EmailLabelAdded: true,
  EmailLabelRemoved: true,
  EmailNotificationsMuted: true,
  EmailNotificationsUnmuted: true,
  EmailStarred: true,
  EmailUnstarred: true,
  EmailActionLogged: true,
  EmailStatusChanged: true,
  EmailPriorityChanged: true,
  EmailRuleApplied: true,
  EmailNotificationsSuppressed: true,
  EmailSnoozed: true,
  EmailWoken: true,
  ReminderSet: true,
  ReminderCancelled: true,
  // The rules engine's hand-over to notifications: what the rules did is in EmailRuleApplied and the events above
  EmailRulesEvaluated: false,
  CommentAdded: true,
  CommentEdited: true,
  CommentDeleted: true,
  ReplyDraftSaved: true,
  ReplyDraftDeleted: true,
  EmailComposed: true,
  ReplyQueued: true,
  // When a message's undo window or scheduled time ended and it was handed to SMTP, and who undid or cancelled one
  ReplySendingStarted: true,
  ReplySendCancelled: true,
  ReplySent: true,
  ReplyFailed: true,
  // Erasure of a person's personal data
  DataSubjectErased: true,
  // A person's own account, settings and notifications
  UserRegistered: false,
  UserEmailReserved: false,
  UserPasswordChanged: false,
  UserEmailProven: false,
  UserPasswordRehashed: false,
  LoginLinkIssued: false,
  LoginLinkUsed: false,
  UserPreferencesChanged: false,
  NotificationSettingsSaved: false,
  NotificationsCreated: false,
  NotificationRead: false,
  AllNotificationsRead: false,
  NotificationsSnoozed: false,
  NotificationsUnsnoozed: false,
  SlackDeliveryFailed: false,
  SlackDeliveryRecovered: false,
  SlackNotificationsSwitchedOff: false,
  PushSubscriptionAdded: false,
  PushSubscriptionRemoved: false,
  ProfilePhotoChanged: false,
};

/** The event types the team's audit trail records, in the order the screen offers them. */
export const AUDIT_EVENT_TYPES = (Object.keys(AUDITED) as AnyEventType[]).filter((type) => AUDITED[type]) as [
  AnyEventType,
  ...AnyEventType[],
];

/** One entry of the audit trail: one event of the team, its payload without secrets. */
export interface TeamAuditEntry {
  eventId: string;
  occurredAt: string;
  type: AnyEventType;
  streamId: string;
  streamVersion: number;
  actorKind: ActorKind;
  /** The member who acted; null for a rule or the system. */
  actorUserId: string | null;
  /** The member's display name (or email) as it is now; null for a rule or the system. */
  actorName: string | null;
  actorRuleId: string | null;
  /** The rule's name when it acted. */
  actorRuleName: string | null;
  /** The email the event concerns, when it concerns one. */
  emailId: string | null;
  correlationId: string | null;
  causationId: string | null;
  /** The event's payload with every secret replaced by "[redacted]" (see docs/audit.md). */
  payload: Record<string, unknown>;
}

const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, message: `${name} must be an ISO-8601 date and time, e.g. 2026-01-31T14:00:00Z` })
    .optional();

/** The filters both routes take; `teamId`, when sent, must be the caller's team. */
const ZTeamAuditFilters = z.object({
  from: instant('from'),
  to: instant('to'),
  actorId: z.uuid('actorId must be a UUID').optional(),
  type: z.enum(AUDIT_EVENT_TYPES, { message: 'type must be an event type of the audit trail' }).optional(),
  emailId: z.uuid('emailId must be a UUID').optional(),
  teamId: z.string().optional(),
});

const fromNotAfterTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to);
const FROM_AFTER_TO = { message: 'from must not be after to', path: ['from'] };

/** GET /team/audit: newest first, paged. */
export const ZTeamAuditQuery = ZTeamAuditFilters.extend(
  pageQueryShape({
    default: TEAM_AUDIT_PAGE_SIZE,
    max: TEAM_AUDIT_MAX_PAGE_SIZE,
    belowOne: 'size must be at least 1',
    aboveMax: `size is limited to ${TEAM_AUDIT_MAX_PAGE_SIZE}`,
  }),
).refine(fromNotAfterTo, FROM_AFTER_TO);
export type TTeamAuditQuery = z.infer<typeof ZTeamAuditQuery>;

/** GET /team/audit/export: the same filters, every matching entry, newest first. */
export const ZTeamAuditExportQuery = ZTeamAuditFilters.extend({
  format: z.enum(TEAM_AUDIT_EXPORT_FORMATS, { message: 'format must be csv or jsonl' }).default('csv'),
}).refine(fromNotAfterTo, FROM_AFTER_TO);
export type TTeamAuditExportQuery = z.infer<typeof ZTeamAuditExportQuery>;

/** The filters as the screen and the export share them. */
export type TeamAuditFilters = Pick<TTeamAuditQuery, 'from' | 'to' | 'actorId' | 'type' | 'emailId'>;
