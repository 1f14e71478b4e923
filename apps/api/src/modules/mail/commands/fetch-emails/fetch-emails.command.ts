import { Command } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** POST /emails/fetch: syncs the team's mailbox now. */
export class FetchEmailsCommand extends Command<SuccessMessageResponse> {
  constructor(readonly caller: TeamCaller) {
    super();
  }
}
