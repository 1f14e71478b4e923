/** What other modules may use of the conversations context. */
export { ConversationsModule } from './conversations.module';
export { ReceiveEmailCommand } from './commands/receive-email/receive-email.command';
export { SetReminderCommand } from './commands/set-reminder/set-reminder.command';
export { emailStreamId } from './domain/email.decider';
export { InboxEmailReadModel } from './projections/inbox-email/inbox-email.read-model';
export { EMAIL_REPLY_PROJECTION } from './projections/email-reply/email-reply.projection';
export { ApplyRulesCommand, type RulesForEmail, type RulesRefused } from './commands/apply-rules/apply-rules.command';
export type { RuleActionToApply, RuleToApply } from './domain/apply-rule';
export { INBOX_EMAIL_PROJECTION } from './projections/inbox-email/inbox-email.projection';
export { EMAIL_THREAD_PROJECTION } from './projections/email-thread/email-thread.projection';
export { ConversationThreads } from './projections/email-thread/conversation-threads';
export { AttachmentStore, type AttachmentToStore } from './infrastructure/attachment-store';
export { EmailMutes } from './queries/email-mutes';
export { EmailSummaries, type EmailSummary } from './queries/email-summaries';
export { TeamReplies, type TeamReply } from './queries/team-replies';
export { CONVERSATIONS_MANIFEST } from './conversations.manifest';
