import { Command } from '@nestjs/cqrs';
import type { SuccessMessageResponse, TEmailServerConfigRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** POST /email-server-config/test: tries a configuration against the servers, without saving it. */
export class TestEmailServerConfigCommand extends Command<SuccessMessageResponse> {
  constructor(
    readonly caller: TeamCaller,
    readonly request: TEmailServerConfigRequest,
  ) {
    super();
  }
}
