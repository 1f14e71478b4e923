import { Command } from '@nestjs/cqrs';
import type { TeamCaller } from '../../../../platform/auth';

/** Deletes one of the caller's comments on an email. */
export class DeleteCommentCommand extends Command<void> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
    readonly commentId: string,
  ) {
    super();
  }
}
