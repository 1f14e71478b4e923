import { Command } from '@nestjs/cqrs';
import type { SlaPolicies, TSlaPolicyRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** An ADMIN or MAINTAINER changes one policy of the team (it keeps its place); answers the list. */
export class ChangeSlaPolicyCommand extends Command<SlaPolicies> {
  constructor(
    readonly caller: TeamCaller,
    readonly policyId: string,
    readonly request: TSlaPolicyRequest,
  ) {
    super();
  }
}
