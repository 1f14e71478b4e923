import { Command } from '@nestjs/cqrs';
import type { ConversationChangeResult } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** A member merges the conversations of the emails named into the first one's; answers that conversation. */
export class MergeConversationsCommand extends Command<ConversationChangeResult> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailIds: readonly string[],
  ) {
    super();
  }
}
