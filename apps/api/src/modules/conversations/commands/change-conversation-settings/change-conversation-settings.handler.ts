import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { ConversationSettings } from '@teaminbox/contracts';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { conversationSettingsDecider, conversationSettingsStreamId } from '../../domain/conversation-settings.decider';
import { EMAIL_THREAD_PROJECTION } from '../../projections/email-thread/email-thread.projection';
import { GetConversationSettingsQuery } from '../../queries/get-conversation-settings/get-conversation-settings.query';
import { ChangeConversationSettingsCommand } from './change-conversation-settings.command';

/**
 * The team's stream `conversation-settings-<teamId>`; a concurrent change is decided again (the last write wins).
 * Answers through the email-thread projection's copy, which the threads of the mail arriving next follow.
 */
@CommandHandler(ChangeConversationSettingsCommand)
export class ChangeConversationSettingsHandler implements ICommandHandler<
  ChangeConversationSettingsCommand,
  ConversationSettings
> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller, settings }: ChangeConversationSettingsCommand): Promise<ConversationSettings> {
    await this.repository.decide(
      conversationSettingsStreamId(caller.teamId),
      conversationSettingsDecider,
      { type: 'ChangeConversationSettings', teamId: caller.teamId, role: caller.role, settings },
      { teamId: caller.teamId, retries: 3, waitFor: [EMAIL_THREAD_PROJECTION] },
    );
    return this.queries.execute(new GetConversationSettingsQuery(caller.teamId));
  }
}
