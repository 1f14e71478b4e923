import { Command } from '@nestjs/cqrs';
import type { Label, TLabelRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Creates a label of the caller's team (labelId null) or changes one; answers the label. */
export class SaveLabelCommand extends Command<Label> {
  constructor(
    readonly caller: TeamCaller,
    readonly labelId: string | null,
    readonly request: TLabelRequest,
  ) {
    super();
  }
}
