import { Command } from '@nestjs/cqrs';
import type { SlaPolicies, TSlaPolicyOrderRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** An ADMIN or MAINTAINER puts the team's policies in a new order; answers the list. */
export class ReorderSlaPoliciesCommand extends Command<SlaPolicies> {
  constructor(
    readonly caller: TeamCaller,
    readonly request: TSlaPolicyOrderRequest,
  ) {
    super();
  }
}
