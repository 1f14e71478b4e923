import { Command } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

export const TEAM_REQUIRED_MESSAGE = 'Create a team first: sample emails go to your team inbox.';

/** Puts a handful of realistic emails into the caller's team inbox. */
export class CreateSampleEmailsCommand extends Command<SuccessMessageResponse> {
  constructor(readonly caller: TeamCaller) {
    super();
  }
}
