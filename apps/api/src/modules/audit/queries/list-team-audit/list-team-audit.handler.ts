import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Page, TeamAuditEntry } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import {
  AUDIT_FROM,
  AUDIT_NEWEST_FIRST,
  AUDIT_ROW_COLUMNS,
  type AuditRow,
  auditWhere,
  toAuditEntry,
} from '../team-audit-rows';
import { ListTeamAuditQuery } from './list-team-audit.query';

@QueryHandler(ListTeamAuditQuery)
export class ListTeamAuditHandler implements IQueryHandler<ListTeamAuditQuery, Page<TeamAuditEntry>> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId, filters, page, size }: ListTeamAuditQuery): Promise<Page<TeamAuditEntry>> {
    const where = auditWhere(teamId, filters);
    const n = where.params.length;
    const [rows, [{ count }]]: [AuditRow[], { count: string }[]] = await Promise.all([
      this.db.query(
        `SELECT ${AUDIT_ROW_COLUMNS} FROM ${AUDIT_FROM} WHERE ${where.sql}
          ORDER BY ${AUDIT_NEWEST_FIRST} LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...where.params, size, page * size],
      ),
      this.db.query(`SELECT count(*) FROM team_audit a WHERE ${where.sql}`, where.params),
    ]);
    const totalElements = Number(count);
    return { content: rows.map(toAuditEntry), totalElements, totalPages: Math.ceil(totalElements / size) };
  }
}
