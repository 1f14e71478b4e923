import { Command } from '@nestjs/cqrs';
import type { TeamCaller } from '../../../../platform/auth';

/** Deletes one of the team's reply drafts on an email (a queued or sent reply cannot be deleted: 409). */
export class DeleteReplyDraftCommand extends Command<void> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
    readonly draftId: string,
  ) {
    super();
  }
}
