import { Query } from '@nestjs/cqrs';
import type { TeamAuditFilters } from '@teaminbox/contracts';
import type { AuditRow } from '../team-audit-rows';

/** Every entry of a team's audit trail matching the filters: their count, and the rows newest first, page by page. */
export interface TeamAuditExport {
  total: number;
  pages: AsyncIterable<AuditRow[]>;
}

export class ExportTeamAuditQuery extends Query<TeamAuditExport> {
  constructor(
    readonly teamId: string,
    readonly filters: TeamAuditFilters,
    /** Rows read per keyset page. */
    readonly pageSize = EXPORT_PAGE_SIZE,
  ) {
    super();
  }
}

export const EXPORT_PAGE_SIZE = 2000;
