import { Command } from '@nestjs/cqrs';
import type { BusinessHours, TBusinessHoursRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** An ADMIN or MAINTAINER sets the team's business hours on the version they read; answers them as they now are. */
export class SetBusinessHoursCommand extends Command<BusinessHours> {
  constructor(
    readonly caller: TeamCaller,
    readonly request: TBusinessHoursRequest,
  ) {
    super();
  }
}
