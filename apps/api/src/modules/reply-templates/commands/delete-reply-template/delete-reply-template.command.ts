import { Command } from '@nestjs/cqrs';
import type { TeamCaller } from '../../../../platform/auth';

/** Deletes a reply template of the caller's team. */
export class DeleteReplyTemplateCommand extends Command<void> {
  constructor(
    readonly caller: TeamCaller,
    readonly templateId: string,
  ) {
    super();
  }
}
