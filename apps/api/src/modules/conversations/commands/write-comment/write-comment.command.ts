import { Command } from '@nestjs/cqrs';
import type { Comment } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Adds an internal comment to an email (commentId null) or edits one of the caller's; answers the comment. */
export class WriteCommentCommand extends Command<Comment> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
    readonly commentId: string | null,
    readonly message: string,
  ) {
    super();
  }
}
