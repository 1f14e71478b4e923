import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type ConversationSettings, DEFAULT_CONVERSATION_SETTINGS } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { GetConversationSettingsQuery } from './get-conversation-settings.query';

/** Read from `email_thread_team`, the email-thread projection's copy of the settings it joins threads by. */
@QueryHandler(GetConversationSettingsQuery)
export class GetConversationSettingsHandler implements IQueryHandler<
  GetConversationSettingsQuery,
  ConversationSettings
> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId }: GetConversationSettingsQuery): Promise<ConversationSettings> {
    const [row]: { join_by_subject: boolean }[] = await this.db.query(
      'SELECT join_by_subject FROM email_thread_team WHERE team_id = $1',
      [teamId],
    );
    return row ? { joinRepliesBySubject: row.join_by_subject } : DEFAULT_CONVERSATION_SETTINGS;
  }
}
