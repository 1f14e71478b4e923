import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { IdentityModule } from '../identity';
import { inlineUrlSignerProvider } from './email-content/inline-url-signer';
import { AttachmentContents } from './http/attachment-contents';
import { AttachmentsController } from './http/attachments.controller';
import { CreateSampleEmailsHandler } from './commands/create-sample-emails/create-sample-emails.handler';
import { EmailQueriesController } from './http/email-queries.controller';
import { EmailsController } from './http/emails.controller';
import { EmailStarProjection } from './stars/email-star.projection';
import { StarsController } from './stars/stars.controller';
import { InboxEmailProjection } from './projections/inbox-email/inbox-email.projection';
import { InboxEmailReadModel } from './projections/inbox-email/inbox-email.read-model';
import { CountUnreadEmailsHandler } from './queries/count-unread-emails/count-unread-emails.handler';
import { InboxEmailQueries } from './queries/inbox-email.queries';
import { ListEmailsHandler } from './queries/list-emails/list-emails.handler';
import { PushNewEmailHandler } from './reactions/push-new-email.handler';
import { PushEmailChangeHandler } from './reactions/push-email-change.handler';
import { WorkOnEmailHandler } from './commands/work-on-email/work-on-email.handler';
import { EmailActionProjection } from './projections/email-action/email-action.projection';
import { EmailDetailQueries } from './queries/email-detail.queries';
import { CommentsService } from './comments/comments.service';
import { EmailCommentProjection } from './comments/email-comment.projection';
import { EmailCommentsController } from './comments/email-comments.controller';
import { PushCommentHandler } from './comments/push-comment.handler';
import { PresenceController } from './presence/presence.controller';
import { PresenceRegistry } from './presence/presence.registry';
import { PresenceSockets } from './presence/presence-sockets';
import { EmailAccess } from './email-access';
import { EmailRepliesController } from './replies/email-replies.controller';
import { EmailReplyProjection } from './replies/email-reply.projection';
import { PushReplyReaction } from './replies/push-reply.reaction';
import { RepliesService } from './replies/replies.service';
import { EmailThreadQueries } from './thread/email-thread.queries';

@Module({
  imports: [TypeOrmModule.forFeature([InboxEmailReadModel]), IdentityModule],
  // Fixed paths (/emails/search, /emails/my-tasks) before /emails/:id.
  controllers: [
    // Before EmailsController: GET /emails/starred must not be taken for GET /emails/{id}.
    StarsController,
    EmailQueriesController,
    EmailsController,
    AttachmentsController,
    EmailCommentsController,
    PresenceController,
    EmailRepliesController,
  ],
  providers: [
    AttachmentContents,
    inlineUrlSignerProvider,
    InboxEmailProjection,
    InboxEmailQueries,
    CreateSampleEmailsHandler,
    ListEmailsHandler,
    CountUnreadEmailsHandler,
    PushNewEmailHandler,
    PushEmailChangeHandler,
    WorkOnEmailHandler,
    EmailActionProjection,
    EmailStarProjection,
    EmailDetailQueries,
    CommentsService,
    EmailCommentProjection,
    PushCommentHandler,
    PresenceRegistry,
    PresenceSockets,
    EmailAccess,
    RepliesService,
    EmailReplyProjection,
    PushReplyReaction,
    EmailThreadQueries,
  ],
})
export class ConversationsModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly inbox: InboxEmailProjection,
    private readonly actions: EmailActionProjection,
    private readonly comments: EmailCommentProjection,
    private readonly replies: EmailReplyProjection,
    private readonly stars: EmailStarProjection,
    private readonly pushReplies: PushReplyReaction,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.inbox);
    this.runner.registerProjection(this.actions);
    this.runner.registerProjection(this.comments);
    this.runner.registerProjection(this.replies);
    this.runner.registerProjection(this.stars);
    this.runner.registerReaction(this.pushReplies);
  }
}
