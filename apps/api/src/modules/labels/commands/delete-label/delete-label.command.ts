import { Command } from '@nestjs/cqrs';
import type { TeamCaller } from '../../../../platform/auth';

/** Deletes a label of the caller's team (default labels cannot be deleted). */
export class DeleteLabelCommand extends Command<void> {
  constructor(
    readonly caller: TeamCaller,
    readonly labelId: string,
  ) {
    super();
  }
}
