import { type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FeatureModule } from '../../platform/module-manifest/manifest';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { IdentityModule } from '../identity';
import { COMMENT_PERSONAL_FIELDS, REPLY_DRAFT_SAVED_PERSONAL_FIELDS } from './domain/conversation-personal-fields';
import { EMAIL_RECEIVED_PERSONAL_FIELDS } from './domain/email-personal-fields';
import { EMAIL_ASSIGNED_PERSONAL_FIELDS } from './domain/email-assigned-personal-fields';
import { EMAIL_ACTION_LOGGED_PERSONAL_FIELDS } from './domain/email-action-logged-personal-fields';
import { EMAIL_RULE_APPLIED_PERSONAL_FIELDS } from './domain/email-rule-applied-personal-fields';
import { AttachmentStore } from './infrastructure/attachment-store';
import { WakeUpQueue } from './infrastructure/wake-up-queue';
import { WakeDueEmailCommand } from './commands/wake-email/wake-email.command';
import { RequestContext, SYSTEM } from '../../platform/request-context';
import { inlineUrlSignerProvider } from './domain/inline-url-signer';
import { AttachmentsController } from './http/attachments.controller';
import { ConversationSettingsController } from './http/conversation-settings.controller';
import { ConversationsController } from './http/conversations.controller';
import { EmailCommentsController } from './http/email-comments.controller';
import { EmailQueriesController } from './http/email-queries.controller';
import { EmailRepliesController } from './http/email-replies.controller';
import { EmailsController } from './http/emails.controller';
import { PresenceController } from './http/presence.controller';
import { StarsController } from './http/stars.controller';
import { EmailPresence } from './infrastructure/email-presence';
import { PresenceSockets } from './infrastructure/presence-sockets';
import { PresenceRegistry } from './infrastructure/presence.registry';
import { ConversationThreads } from './projections/email-thread/conversation-threads';
import { EmailMutes } from './queries/email-mutes';
import { EmailSummaries } from './queries/email-summaries';
import { TeamReplies } from './queries/team-replies';
import { InboxEmailReadModel } from './projections/inbox-email/inbox-email.read-model';
import { InboxEmailQueries } from './queries/inbox-email.queries';
import { CONVERSATIONS_MANIFEST } from './conversations.manifest';

@FeatureModule(CONVERSATIONS_MANIFEST, {
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
    ConversationSettingsController,
    ConversationsController,
  ],
  providers: [
    inlineUrlSignerProvider,
    AttachmentStore,
    WakeUpQueue,
    InboxEmailQueries,
    EmailPresence,
    PresenceRegistry,
    PresenceSockets,
    // Projections
    ConversationThreads,
    EmailMutes,
    EmailSummaries,
    TeamReplies,
    // Commands
    // Queries
    // Reactions
  ],
  exports: [ConversationThreads, AttachmentStore, EmailMutes, EmailSummaries, TeamReplies],
})
export class ConversationsModule implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly personalData: PersonalDataRegistry,
    private readonly attachments: AttachmentStore,
    private readonly wakeUps: WakeUpQueue,
    private readonly commands: CommandBus,
  ) {}

  /** pg-boss starts (and creates the wake-up queue) before the projection runner feeds the scheduling reaction. */
  async onModuleInit(): Promise<void> {
    this.personalData.declare('EmailReceived', EMAIL_RECEIVED_PERSONAL_FIELDS);
    this.personalData.declare('CommentAdded', COMMENT_PERSONAL_FIELDS);
    this.personalData.declare('CommentEdited', COMMENT_PERSONAL_FIELDS);
    this.personalData.declare('ReplyDraftSaved', REPLY_DRAFT_SAVED_PERSONAL_FIELDS);
    this.personalData.declare('EmailAssigned', EMAIL_ASSIGNED_PERSONAL_FIELDS);
    this.personalData.declare('EmailRuleApplied', EMAIL_RULE_APPLIED_PERSONAL_FIELDS);
    this.personalData.declare('EmailActionLogged', EMAIL_ACTION_LOGGED_PERSONAL_FIELDS);
    this.personalData.onErasure((events, tx) => this.attachments.eraseOfErasedSenders(events, tx));
    await this.wakeUps.start();
    await this.wakeUps.work((job) =>
      RequestContext.run({ correlationId: job.id, causationId: null, actor: SYSTEM, teamId: job.data.teamId }, () =>
        this.commands.execute(new WakeDueEmailCommand(job.data)),
      ),
    );
  }

  /** Stops the wake-up worker (waiting for a running job) before the DataSource closes. */
  async onModuleDestroy(): Promise<void> {
    await this.wakeUps.stop();
  }
}
