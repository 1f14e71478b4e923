import { Command } from '@nestjs/cqrs';
import type { SlaPolicies, TSlaPolicyRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** An ADMIN or MAINTAINER adds a policy at the end of the team's list; answers the list. */
export class CreateSlaPolicyCommand extends Command<SlaPolicies> {
  constructor(
    readonly caller: TeamCaller,
    readonly request: TSlaPolicyRequest,
  ) {
    super();
  }
}
