import { EventStore1767225600000 } from './1767225600000-event-store';
import { ReadModels1767312000000 } from './1767312000000-read-models';
import { IdentityAndTeams1767398400000 } from './1767398400000-identity-and-teams';
import { Mail1767484800000 } from './1767484800000-mail';
import { Outbox1767571200000 } from './1767571200000-outbox';
import { MailOAuth1767657600000 } from './1767657600000-mail-oauth';
import { EmailThreadRefs1767744000000 } from './1767744000000-email-thread-refs';
import { Collaboration1767830400000 } from './1767830400000-collaboration';
import { InboxEmailFlags1767900000000 } from './1767900000000-inbox-email-flags';
import { EmailReplySender1767916800000 } from './1767916800000-email-reply-sender';
import { InboxSearch1767960000000 } from './1767960000000-inbox-search';
import { ReplyTemplatesAndNotificationSettings1768000000000 } from './1768000000000-reply-templates-and-notification-settings';
import { InboxEmailCount1768100000000 } from './1768100000000-inbox-email-count';
import { EmailStars1768200000000 } from './1768200000000-email-stars';
import { Hardening1768300000000 } from './1768300000000-hardening';
import { Rules1768350000000 } from './1768350000000-rules';
import { Notifications1768500000000 } from './1768500000000-notifications';
import { TeamActivity1768600000000 } from './1768600000000-team-activity';
import { InvitationRole1769100000000 } from './1769100000000-invitation-role';
import { TeamAudit1769300000000 } from './1769300000000-team-audit';
import { ScaleOut1769400000000 } from './1769400000000-scale-out';
import { PersonalDataKeys1769500000000 } from './1769500000000-personal-data-keys';
import { UserCredentials1769500000001 } from './1769500000001-user-credentials';
import { ErasedAccounts1769600000100 } from './1769600000100-erased-accounts';
import { NotificationUnreadCounts1769700000000 } from './1769700000000-notification-unread-counts';
import { EmailMuteByTeam1769800000000 } from './1769800000000-email-mute-by-team';
import { NotificationSharedIds1769900000000 } from './1769900000000-notification-shared-ids';
import { RulesOnABudget1770000000300 } from './1770000000300-rules-on-a-budget';
import { EmailProven1770000000400 } from './1770000000400-email-proven';
import { NotificationEmailCaps1770000000410 } from './1770000000410-notification-email-caps';
import { PersonalDataIndex1770000000500 } from './1770000000500-personal-data-index';
import { NotificationRuleHolds1770000000600 } from './1770000000600-notification-rule-holds';
import { ConversationSentMessageIds1770000000700 } from './1770000000700-conversation-sent-message-ids';
import { ListDensity1770000000800 } from './1770000000800-list-density';
import { ForwardActivity1770000000900 } from './1770000000900-forward-activity';
import { ConversationSubjectFallback1770000000910 } from './1770000000910-conversation-subject-fallback';
import { ConversationSplit1770000000950 } from './1770000000950-conversation-split';
import { EmailSnooze1770000001100 } from './1770000001100-email-snooze';
import { InboxListedAt1770000001200 } from './1770000001200-inbox-listed-at';
import { UndoSendWindow1770000001300 } from './1770000001300-undo-send-window';
import { OutboxScheduledSend1770000001310 } from './1770000001310-outbox-scheduled-send';
import { OutboxScheduledSendKind1770000001320 } from './1770000001320-outbox-scheduled-send-kind';
import { InboxTeamListedIndex1770000001400 } from './1770000001400-inbox-team-listed-index';
import { EmailThreadGinImmediate1770000001700 } from './1770000001700-email-thread-gin-immediate';
import { BusinessHours1770000001800 } from './1770000001800-business-hours';
import { UndoneSendsInHistory1770000001900 } from './1770000001900-undone-sends-in-history';
import { SlaPolicies1770000002100 } from './1770000002100-sla-policies';

/** Every migration of the API, in order. Append new ones at the end. */
export const migrations = [
  EventStore1767225600000,
  ReadModels1767312000000,
  IdentityAndTeams1767398400000,
  Mail1767484800000,
  Outbox1767571200000,
  MailOAuth1767657600000,
  EmailThreadRefs1767744000000,
  Collaboration1767830400000,
  InboxEmailFlags1767900000000,
  EmailReplySender1767916800000,
  InboxSearch1767960000000,
  ReplyTemplatesAndNotificationSettings1768000000000,
  InboxEmailCount1768100000000,
  EmailStars1768200000000,
  Hardening1768300000000,
  Rules1768350000000,
  Notifications1768500000000,
  TeamActivity1768600000000,
  InvitationRole1769100000000,
  TeamAudit1769300000000,
  ScaleOut1769400000000,
  PersonalDataKeys1769500000000,
  UserCredentials1769500000001,
  ErasedAccounts1769600000100,
  NotificationUnreadCounts1769700000000,
  EmailMuteByTeam1769800000000,
  NotificationSharedIds1769900000000,
  RulesOnABudget1770000000300,
  EmailProven1770000000400,
  NotificationEmailCaps1770000000410,
  PersonalDataIndex1770000000500,
  NotificationRuleHolds1770000000600,
  ConversationSentMessageIds1770000000700,
  ListDensity1770000000800,
  ForwardActivity1770000000900,
  ConversationSubjectFallback1770000000910,
  ConversationSplit1770000000950,
  EmailSnooze1770000001100,
  InboxListedAt1770000001200,
  UndoSendWindow1770000001300,
  OutboxScheduledSend1770000001310,
  OutboxScheduledSendKind1770000001320,
  InboxTeamListedIndex1770000001400,
  EmailThreadGinImmediate1770000001700,
  BusinessHours1770000001800,
  UndoneSendsInHistory1770000001900,
  SlaPolicies1770000002100,
];
