import { Query } from '@nestjs/cqrs';
import type { Page, TeamAuditEntry, TeamAuditFilters } from '@teaminbox/contracts';

/** One page of a team's audit trail, newest first. */
export class ListTeamAuditQuery extends Query<Page<TeamAuditEntry>> {
  constructor(
    readonly teamId: string,
    readonly filters: TeamAuditFilters,
    readonly page: number,
    readonly size: number,
  ) {
    super();
  }
}
