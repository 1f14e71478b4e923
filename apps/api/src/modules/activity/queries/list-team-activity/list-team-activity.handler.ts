import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ActorKind, Page, TeamActivityDetails, TeamActivityEntry, TeamActivityType } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { EmailSummaries } from '../../../conversations';
import { displayNameSql } from '../../../identity';
import { ListTeamActivityQuery } from './list-team-activity.query';

interface ActivityRow {
  id: string;
  type: TeamActivityType;
  created_at: Date;
  email_id: string | null;
  actor_user_id: string | null;
  actor_kind: ActorKind;
  actor_rule_name: string | null;
  actor_name: string | null;
  actor_email: string | null;
  member_user_id: string | null;
  member_name: string | null;
  member_email: string | null;
  details: TeamActivityDetails;
  total: string;
}

/**
 * The entries with the names a person reads, as they are now: the actor (a member's display name or email, or the
 * rule's name at the time), the member an entry is about, and the email's subject (conversations' EmailSummaries,
 * one read for the page).
 */
@QueryHandler(ListTeamActivityQuery)
export class ListTeamActivityHandler implements IQueryHandler<ListTeamActivityQuery, Page<TeamActivityEntry>> {
  constructor(
    private readonly db: DataSource,
    private readonly emails: EmailSummaries,
  ) {}

  async execute({ teamId, page, size }: ListTeamActivityQuery): Promise<Page<TeamActivityEntry>> {
    const rows: ActivityRow[] = await this.db.query(
      `SELECT a.id, a.type, a.created_at, a.email_id, a.actor_user_id, a.actor_kind, a.actor_rule_name,
              a.member_user_id, a.details,
              u.email AS actor_email, ${displayNameSql('u')} AS actor_name,
              m.email AS member_email, ${displayNameSql('m')} AS member_name,
              count(*) OVER () AS total
         FROM team_activity a
         LEFT JOIN users u ON u.id = a.actor_user_id
         LEFT JOIN users m ON m.id = a.member_user_id
        WHERE a.team_id = $1
        ORDER BY a.created_at DESC, a.seq DESC
        LIMIT $2 OFFSET $3`,
      [teamId, size, page * size],
    );
    const totalElements = rows.length > 0 ? Number(rows[0].total) : await this.count(teamId);
    const emails = await this.emails.summariesOf(
      rows.flatMap((row) => (row.email_id ? [{ teamId, emailId: row.email_id }] : [])),
    );
    return {
      content: rows.map((row) =>
        toEntry(row, row.email_id ? (emails.get(`${teamId.toLowerCase()} ${row.email_id}`)?.subject ?? null) : null),
      ),
      totalElements,
      totalPages: Math.ceil(totalElements / size),
    };
  }

  /** A page past the end has no row to carry the total. */
  private async count(teamId: string): Promise<number> {
    const [{ count }]: { count: string }[] = await this.db.query(
      'SELECT count(*) FROM team_activity WHERE team_id = $1',
      [teamId],
    );
    return Number(count);
  }
}

function toEntry(row: ActivityRow, emailSubject: string | null): TeamActivityEntry {
  const member = row.member_user_id
    ? { memberId: row.member_user_id, memberName: row.member_name ?? row.member_email, memberEmail: row.member_email }
    : {};
  return {
    id: row.id,
    type: row.type,
    createdAt: new Date(row.created_at).toISOString(),
    actorUserId: row.actor_user_id,
    actorName: row.actor_kind === 'rule' ? row.actor_rule_name : (row.actor_name ?? row.actor_email),
    actorEmail: row.actor_email,
    actorKind: row.actor_kind,
    emailId: row.email_id,
    emailSubject,
    details: { ...row.details, ...member },
  };
}
