import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { IdentityModule } from '../identity';
import { CreateSampleEmailsHandler } from './commands/create-sample-emails/create-sample-emails.handler';
import { DeleteCommentHandler } from './commands/delete-comment/delete-comment.handler';
import { DeleteReplyDraftHandler } from './commands/delete-reply-draft/delete-reply-draft.handler';
import { LogEmailActionHandler } from './commands/log-email-action/log-email-action.handler';
import { ReceiveEmailHandler } from './commands/receive-email/receive-email.handler';
import { SaveReplyDraftHandler } from './commands/save-reply-draft/save-reply-draft.handler';
import { StarEmailHandler } from './commands/star-email/star-email.handler';
import { WorkOnEmailHandler } from './commands/work-on-email/work-on-email.handler';
import { ApplyRulesHandler } from './commands/apply-rules/apply-rules.handler';
import { WriteCommentHandler } from './commands/write-comment/write-comment.handler';
import { COMMENT_PERSONAL_FIELDS, REPLY_DRAFT_SAVED_PERSONAL_FIELDS } from './domain/conversation-personal-fields';
import { EMAIL_RECEIVED_PERSONAL_FIELDS } from './domain/email-personal-fields';
import { EMAIL_ASSIGNED_PERSONAL_FIELDS } from './domain/email-assigned-personal-fields';
import { EMAIL_ACTION_LOGGED_PERSONAL_FIELDS } from './domain/email-action-logged-personal-fields';
import { EMAIL_RULE_APPLIED_PERSONAL_FIELDS } from './domain/email-rule-applied-personal-fields';
import { AttachmentStore } from './email-content/attachment-store';
import { inlineUrlSignerProvider } from './email-content/inline-url-signer';
import { AttachmentsController } from './http/attachments.controller';
import { EmailCommentsController } from './http/email-comments.controller';
import { EmailQueriesController } from './http/email-queries.controller';
import { EmailRepliesController } from './http/email-replies.controller';
import { EmailsController } from './http/emails.controller';
import { PresenceController } from './http/presence.controller';
import { StarsController } from './http/stars.controller';
import { EmailPresence } from './presence/email-presence';
import { PresenceSockets } from './presence/presence-sockets';
import { PresenceRegistry } from './presence/presence.registry';
import { EmailActionProjection } from './projections/email-action/email-action.projection';
import { EmailCommentProjection } from './projections/email-comment/email-comment.projection';
import { EmailReplyProjection } from './projections/email-reply/email-reply.projection';
import { EmailStarProjection } from './projections/email-star/email-star.projection';
import { ConversationThreads } from './projections/email-thread/conversation-threads';
import { EmailMutes } from './queries/email-mutes';
import { EmailSummaries } from './queries/email-summaries';
import { EmailThreadProjection } from './projections/email-thread/email-thread.projection';
import { InboxEmailProjection } from './projections/inbox-email/inbox-email.projection';
import { InboxEmailReadModel } from './projections/inbox-email/inbox-email.read-model';
import { CountUnreadEmailsHandler } from './queries/count-unread-emails/count-unread-emails.handler';
import { GetAttachmentHandler } from './queries/get-attachment/get-attachment.handler';
import { GetCommentHandler } from './queries/get-comment/get-comment.handler';
import { GetEmailAsOfHandler } from './queries/get-email-as-of/get-email-as-of.handler';
import { GetEmailDetailHandler } from './queries/get-email-detail/get-email-detail.handler';
import { GetEmailHistoryHandler } from './queries/get-email-history/get-email-history.handler';
import { GetEmailThreadHandler } from './queries/get-email-thread/get-email-thread.handler';
import { GetReplyHandler } from './queries/get-reply/get-reply.handler';
import { InboxEmailQueries } from './queries/inbox-email.queries';
import { ListCommentsHandler } from './queries/list-comments/list-comments.handler';
import { ListEmailActionsHandler } from './queries/list-email-actions/list-email-actions.handler';
import { ListEmailsHandler } from './queries/list-emails/list-emails.handler';
import { ListRepliesHandler } from './queries/list-replies/list-replies.handler';
import { ListStarredEmailsHandler } from './queries/list-starred-emails/list-starred-emails.handler';
import { PushCommentHandler } from './reactions/push-comment.handler';
import { PushEmailChangeHandler } from './reactions/push-email-change.handler';
import { PushNewEmailHandler } from './reactions/push-new-email.handler';
import { PushReplyHandler } from './reactions/push-reply.handler';

@Module({
  imports: [TypeOrmModule.forFeature([InboxEmailReadModel]), IdentityModule],
  // Fixed paths (/emails/starred, /emails/search, /emails/my-tasks) before /emails/:id.
  controllers: [
    StarsController,
    EmailQueriesController,
    EmailsController,
    AttachmentsController,
    EmailCommentsController,
    PresenceController,
    EmailRepliesController,
  ],
  providers: [
    inlineUrlSignerProvider,
    AttachmentStore,
    InboxEmailQueries,
    EmailPresence,
    PresenceRegistry,
    PresenceSockets,
    // Projections
    InboxEmailProjection,
    EmailActionProjection,
    EmailCommentProjection,
    EmailReplyProjection,
    EmailStarProjection,
    EmailThreadProjection,
    ConversationThreads,
    EmailMutes,
    EmailSummaries,
    // Commands
    ReceiveEmailHandler,
    CreateSampleEmailsHandler,
    WorkOnEmailHandler,
    ApplyRulesHandler,
    StarEmailHandler,
    LogEmailActionHandler,
    WriteCommentHandler,
    DeleteCommentHandler,
    SaveReplyDraftHandler,
    DeleteReplyDraftHandler,
    // Queries
    ListEmailsHandler,
    CountUnreadEmailsHandler,
    GetEmailDetailHandler,
    GetEmailAsOfHandler,
    GetEmailHistoryHandler,
    GetEmailThreadHandler,
    ListEmailActionsHandler,
    ListCommentsHandler,
    GetCommentHandler,
    ListRepliesHandler,
    GetReplyHandler,
    ListStarredEmailsHandler,
    GetAttachmentHandler,
    // Reactions
    PushNewEmailHandler,
    PushEmailChangeHandler,
    PushCommentHandler,
    PushReplyHandler,
  ],
  exports: [ConversationThreads, AttachmentStore, EmailMutes, EmailSummaries],
})
export class ConversationsModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly inbox: InboxEmailProjection,
    private readonly actions: EmailActionProjection,
    private readonly comments: EmailCommentProjection,
    private readonly replies: EmailReplyProjection,
    private readonly stars: EmailStarProjection,
    private readonly threads: EmailThreadProjection,
    private readonly personalData: PersonalDataRegistry,
    private readonly attachments: AttachmentStore,
  ) {}

  onModuleInit(): void {
    this.personalData.declare('EmailReceived', EMAIL_RECEIVED_PERSONAL_FIELDS);
    this.personalData.declare('CommentAdded', COMMENT_PERSONAL_FIELDS);
    this.personalData.declare('CommentEdited', COMMENT_PERSONAL_FIELDS);
    this.personalData.declare('ReplyDraftSaved', REPLY_DRAFT_SAVED_PERSONAL_FIELDS);
    this.personalData.declare('EmailAssigned', EMAIL_ASSIGNED_PERSONAL_FIELDS);
    this.personalData.declare('EmailRuleApplied', EMAIL_RULE_APPLIED_PERSONAL_FIELDS);
    this.personalData.declare('EmailActionLogged', EMAIL_ACTION_LOGGED_PERSONAL_FIELDS);
    this.personalData.onErasure((events, tx) => this.attachments.eraseOfErasedSenders(events, tx));
    for (const projection of [this.inbox, this.actions, this.comments, this.replies, this.stars, this.threads]) {
      this.runner.registerProjection(projection);
    }
  }
}
