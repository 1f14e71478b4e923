import { Query } from '@nestjs/cqrs';
import type { Page, TeamActivityEntry } from '@teaminbox/contracts';

/** One page of a team's activity log, newest first. */
export class ListTeamActivityQuery extends Query<Page<TeamActivityEntry>> {
  constructor(
    readonly teamId: string,
    readonly page: number,
    readonly size: number,
  ) {
    super();
  }
}
