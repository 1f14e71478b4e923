import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AUDIT_FROM, AUDIT_NEWEST_FIRST, AUDIT_ROW_COLUMNS, type AuditRow, auditWhere } from '../team-audit-rows';
import { ExportTeamAuditQuery, type TeamAuditExport } from './export-team-audit.query';

/**
 * The export reads keyset pages (newest first, after the last row's instant and log position), one query each, so
 * only one page is in memory at a time whatever the size of the trail, and no connection is held between pages while
 * the client reads slowly. Entries appended during an export that are newer than its first page are not in it.
 */
@QueryHandler(ExportTeamAuditQuery)
export class ExportTeamAuditHandler implements IQueryHandler<ExportTeamAuditQuery, TeamAuditExport> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId, filters, pageSize }: ExportTeamAuditQuery): Promise<TeamAuditExport> {
    const where = auditWhere(teamId, filters);
    const [{ count }]: { count: string }[] = await this.db.query(
      `SELECT count(*) FROM team_audit a WHERE ${where.sql}`,
      where.params,
    );
    return { total: Number(count), pages: this.pages(where, pageSize) };
  }

  private async *pages(where: { sql: string; params: unknown[] }, pageSize: number): AsyncGenerator<AuditRow[]> {
    const n = where.params.length;
    let after: { at: string; seq: string } | undefined;
    for (;;) {
      const rows: AuditRow[] = after
        ? await this.db.query(
            `SELECT ${AUDIT_ROW_COLUMNS} FROM ${AUDIT_FROM}
              WHERE ${where.sql} AND (a.occurred_at, a.seq) < ($${n + 1}::timestamptz, $${n + 2}::bigint)
              ORDER BY ${AUDIT_NEWEST_FIRST} LIMIT $${n + 3}`,
            [...where.params, after.at, after.seq, pageSize],
          )
        : await this.db.query(
            `SELECT ${AUDIT_ROW_COLUMNS} FROM ${AUDIT_FROM} WHERE ${where.sql}
              ORDER BY ${AUDIT_NEWEST_FIRST} LIMIT $${n + 1}`,
            [...where.params, pageSize],
          );
      if (rows.length > 0) yield rows;
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1];
      after = { at: last.cursor_at, seq: last.seq };
    }
  }
}
