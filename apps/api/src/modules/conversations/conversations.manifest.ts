import { defineModuleManifest, type PushName } from '../../platform/module-manifest/manifest';
import { ApplyRulesHandler } from './commands/apply-rules/apply-rules.handler';
import { ChangeConversationSettingsHandler } from './commands/change-conversation-settings/change-conversation-settings.handler';
import { MergeConversationsHandler } from './commands/merge-conversations/merge-conversations.handler';
import { SplitEmailHandler } from './commands/split-email/split-email.handler';
import { ContinueConversationHandler } from './commands/continue-conversation/continue-conversation.handler';
import { CreateSampleEmailsHandler } from './commands/create-sample-emails/create-sample-emails.handler';
import { DeleteCommentHandler } from './commands/delete-comment/delete-comment.handler';
import { DeleteReplyDraftHandler } from './commands/delete-reply-draft/delete-reply-draft.handler';
import { LogEmailActionHandler } from './commands/log-email-action/log-email-action.handler';
import { ReceiveEmailHandler } from './commands/receive-email/receive-email.handler';
import { SaveReplyDraftHandler } from './commands/save-reply-draft/save-reply-draft.handler';
import { StarEmailHandler } from './commands/star-email/star-email.handler';
import { WorkOnEmailHandler } from './commands/work-on-email/work-on-email.handler';
import { WriteCommentHandler } from './commands/write-comment/write-comment.handler';
import { SnoozeEmailHandler } from './commands/snooze-email/snooze-email.handler';
import { SetReminderHandler } from './commands/set-reminder/set-reminder.handler';
import { WakeConversationHandler } from './commands/wake-conversation/wake-conversation.handler';
import { WakeDueEmailHandler, WakeEmailHandler } from './commands/wake-email/wake-email.handler';
import { EMAIL_DECIDED_EVENT_TYPES } from './domain/email.decider';
import { EmailActionProjection } from './projections/email-action/email-action.projection';
import { EmailCommentProjection } from './projections/email-comment/email-comment.projection';
import { EmailReplyProjection } from './projections/email-reply/email-reply.projection';
import { EmailStarProjection } from './projections/email-star/email-star.projection';
import { EmailThreadProjection } from './projections/email-thread/email-thread.projection';
import { InboxEmailProjection } from './projections/inbox-email/inbox-email.projection';
import { CountUnreadEmailsHandler } from './queries/count-unread-emails/count-unread-emails.handler';
import { GetAttachmentHandler } from './queries/get-attachment/get-attachment.handler';
import { GetConversationSettingsHandler } from './queries/get-conversation-settings/get-conversation-settings.handler';
import { GetCommentHandler } from './queries/get-comment/get-comment.handler';
import { GetEmailAsOfHandler } from './queries/get-email-as-of/get-email-as-of.handler';
import { GetEmailDetailHandler } from './queries/get-email-detail/get-email-detail.handler';
import { GetEmailHistoryHandler } from './queries/get-email-history/get-email-history.handler';
import { GetEmailThreadHandler } from './queries/get-email-thread/get-email-thread.handler';
import { GetReplyHandler } from './queries/get-reply/get-reply.handler';
import { ListCommentsHandler } from './queries/list-comments/list-comments.handler';
import { ListConversationCommentsHandler } from './queries/list-comments/list-conversation-comments.handler';
import { ListEmailActionsHandler } from './queries/list-email-actions/list-email-actions.handler';
import { ListEmailsHandler } from './queries/list-emails/list-emails.handler';
import { ListRepliesHandler } from './queries/list-replies/list-replies.handler';
import { ListStarredEmailsHandler } from './queries/list-starred-emails/list-starred-emails.handler';
import { ContinueConversationReaction } from './reactions/continue-conversation.reaction';
import { PushCommentHandler } from './reactions/push-comment.handler';
import { PushConversationChangeHandler } from './reactions/push-conversation-change.handler';
import { PushEmailChangeHandler } from './reactions/push-email-change.handler';
import { PushNewEmailHandler } from './reactions/push-new-email.handler';
import { PushReplyHandler } from './reactions/push-reply.handler';
import { ScheduleWakeUpsReaction } from './reactions/schedule-wake-ups.reaction';

/**
 * The socket pushes the module sends: its manifest's `pushes`. Its ModulePusher (`@InjectPusher()`) sends these and
 * no other.
 */
export const CONVERSATIONS_PUSHES = [
  'team.emails.created',
  'team.unread-count',
  'team.email.updated',
  'email.presence',
  'email.comment',
  'email.reply',
] as const satisfies readonly PushName[];

/** The team's emails: receiving, working on them, comments, replies, stars, threads: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const CONVERSATIONS_MANIFEST = defineModuleManifest({
  name: 'conversations',
  events: [
    ...EMAIL_DECIDED_EVENT_TYPES,
    'ConversationSettingsChanged',
    'ConversationsMerged',
    'EmailSplitFromConversation',
  ],
  projections: [
    InboxEmailProjection,
    EmailActionProjection,
    EmailCommentProjection,
    EmailReplyProjection,
    EmailStarProjection,
    EmailThreadProjection,
  ],
  reactions: [
    PushNewEmailHandler,
    PushEmailChangeHandler,
    PushConversationChangeHandler,
    PushCommentHandler,
    PushReplyHandler,
    ContinueConversationReaction,
    ScheduleWakeUpsReaction,
  ],
  commandHandlers: [
    ReceiveEmailHandler,
    CreateSampleEmailsHandler,
    WorkOnEmailHandler,
    ApplyRulesHandler,
    ContinueConversationHandler,
    StarEmailHandler,
    LogEmailActionHandler,
    WriteCommentHandler,
    DeleteCommentHandler,
    SaveReplyDraftHandler,
    DeleteReplyDraftHandler,
    ChangeConversationSettingsHandler,
    SnoozeEmailHandler,
    SetReminderHandler,
    WakeEmailHandler,
    WakeDueEmailHandler,
    WakeConversationHandler,
    MergeConversationsHandler,
    SplitEmailHandler,
  ],
  queryHandlers: [
    ListEmailsHandler,
    CountUnreadEmailsHandler,
    GetEmailDetailHandler,
    GetEmailAsOfHandler,
    GetEmailHistoryHandler,
    GetEmailThreadHandler,
    ListEmailActionsHandler,
    ListCommentsHandler,
    ListConversationCommentsHandler,
    GetCommentHandler,
    ListRepliesHandler,
    GetReplyHandler,
    ListStarredEmailsHandler,
    GetAttachmentHandler,
    GetConversationSettingsHandler,
  ],
  pushes: CONVERSATIONS_PUSHES,
});
