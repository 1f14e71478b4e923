import { Command } from '@nestjs/cqrs';
import type { SlaPolicies } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** An ADMIN or MAINTAINER deletes one policy of the team; answers the list. */
export class DeleteSlaPolicyCommand extends Command<SlaPolicies> {
  constructor(
    readonly caller: TeamCaller,
    readonly policyId: string,
    readonly expectedVersion: number,
  ) {
    super();
  }
}
