import { Command } from '@nestjs/cqrs';
import type { Label } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Creates the default labels the caller's team does not have yet (by name); answers all its labels. */
export class InitializeLabelsCommand extends Command<Label[]> {
  constructor(readonly caller: TeamCaller) {
    super();
  }
}
