import { Command } from '@nestjs/cqrs';
import type { EmailServerConfig, TEmailServerConfigRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** POST and PUT /email-server-config: saves the team's mailbox configuration (new passwords sealed). */
export class SaveEmailServerConfigCommand extends Command<EmailServerConfig> {
  constructor(
    readonly caller: TeamCaller,
    readonly request: TEmailServerConfigRequest,
  ) {
    super();
  }
}
