import { Query } from '@nestjs/cqrs';
import type { ConversationSettings } from '@teaminbox/contracts';

/** The team's conversation settings, the defaults until an ADMIN changes them. */
export class GetConversationSettingsQuery extends Query<ConversationSettings> {
  constructor(readonly teamId: string) {
    super();
  }
}
