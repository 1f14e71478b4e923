import { Command } from '@nestjs/cqrs';
import type { ConversationChangeResult } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** A member splits an email out of its conversation into one of its own; answers the email's new conversation. */
export class SplitEmailCommand extends Command<ConversationChangeResult> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
  ) {
    super();
  }
}
