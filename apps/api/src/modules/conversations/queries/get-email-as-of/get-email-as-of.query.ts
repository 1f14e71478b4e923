import { Query } from '@nestjs/cqrs';
import type { EmailAsOf } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** One email of the caller's team as it stood at `asOf` (ms since the epoch; a future instant reads as now). */
export class GetEmailAsOfQuery extends Query<EmailAsOf> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
    readonly asOf: number,
  ) {
    super();
  }
}
