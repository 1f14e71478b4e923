import { Controller, Get, Logger, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  AUDIT_TRAIL_READER_ROLES,
  type Page,
  TEAM_AUDIT_TOTAL_HEADER,
  type TeamAuditEntry,
  type TTeamAuditExportQuery,
  type TTeamAuditQuery,
  ZTeamAuditExportQuery,
  ZTeamAuditQuery,
} from '@teaminbox/contracts';
import type { Response } from 'express';
import { RequireRole, TeamCaller, type TeamCallerOptions } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { ExportTeamAuditQuery, type TeamAuditExport } from '../queries/export-team-audit/export-team-audit.query';
import { ListTeamAuditQuery } from '../queries/list-team-audit/list-team-audit.query';
import { AUDIT_EXPORT_CONTENT_TYPES, auditExportFileName, writeAuditExport } from './audit-export-format';

export const TEAM_AUDIT_NOT_FOUND_MESSAGE = 'Team not found';

/** The caller's team only: a `teamId` naming another team gets 404. */
const AUDIT_TEAM: TeamCallerOptions = {
  noTeam: { kind: 'not-found', message: TEAM_AUDIT_NOT_FOUND_MESSAGE },
  teamIdIn: 'query',
  otherTeam: { kind: 'not-found', message: TEAM_AUDIT_NOT_FOUND_MESSAGE },
};

const filtersOf = ({ from, to, actorId, type, emailId }: TTeamAuditQuery | TTeamAuditExportQuery) => ({
  from,
  to,
  actorId,
  type,
  emailId,
});

/** The team's audit trail and its export, for AUDIT_TRAIL_READER_ROLES (403 for others). */
@Controller('team/audit')
@RequireRole(...AUDIT_TRAIL_READER_ROLES)
export class TeamAuditController {
  private readonly logger = new Logger(TeamAuditController.name);

  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(
    @TeamCaller(AUDIT_TEAM) caller: TeamCaller,
    @Query(new ZodValidationPipe(ZTeamAuditQuery)) query: TTeamAuditQuery,
  ): Promise<Page<TeamAuditEntry>> {
    return this.queries.execute(new ListTeamAuditQuery(caller.teamId, filtersOf(query), query.page, query.size));
  }

  /** Streamed: CSV (header row first) or JSON Lines, newest first, with the entry count in X-Total-Count. */
  @Get('export')
  async export(
    @TeamCaller(AUDIT_TEAM) caller: TeamCaller,
    @Query(new ZodValidationPipe(ZTeamAuditExportQuery)) query: TTeamAuditExportQuery,
    @Res() res: Response,
  ): Promise<void> {
    const { total, pages }: TeamAuditExport = await this.queries.execute(
      new ExportTeamAuditQuery(caller.teamId, filtersOf(query)),
    );
    res.status(200);
    res.setHeader('Content-Type', AUDIT_EXPORT_CONTENT_TYPES[query.format]);
    res.setHeader('Content-Disposition', `attachment; filename="${auditExportFileName(query.format, new Date())}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader(TEAM_AUDIT_TOTAL_HEADER, String(total));
    res.setHeader('Access-Control-Expose-Headers', `${TEAM_AUDIT_TOTAL_HEADER}, Content-Disposition`);
    try {
      await writeAuditExport(query.format, pages, res);
    } catch (error) {
      // The status line is sent: a failure can only cut the body short, which the client sees as an incomplete file.
      if (!res.destroyed) res.destroy(error as Error);
      const closedByClient = (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE';
      if (closedByClient) this.logger.log({ message: 'Audit export closed by the client', teamId: caller.teamId });
      else
        this.logger.error({ message: 'Audit export failed', teamId: caller.teamId, error: (error as Error).message });
    }
  }
}
