import { Command } from '@nestjs/cqrs';
import type { Reply, TReplyDraftRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Creates a reply draft on an email (draftId null) or replaces one of the team's drafts; answers the draft. */
export class SaveReplyDraftCommand extends Command<Reply> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
    readonly draftId: string | null,
    readonly draft: TReplyDraftRequest,
  ) {
    super();
  }
}
