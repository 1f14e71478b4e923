import { Command } from '@nestjs/cqrs';
import type { ConversationSettings } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** An ADMIN changes the team's conversation settings; answers them as they now are. */
export class ChangeConversationSettingsCommand extends Command<ConversationSettings> {
  constructor(
    readonly caller: TeamCaller,
    readonly settings: ConversationSettings,
  ) {
    super();
  }
}
