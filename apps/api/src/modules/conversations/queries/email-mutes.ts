import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The read port of who muted which email (table `email_mute`, written by the inbox-email projection). Muting an email
 * mutes its conversation: the thread comes from `email_thread`. Other modules ask here instead of reading the tables;
 * every answer is limited to the team named with the email or the member.
 */
@Injectable()
export class EmailMutes {
  constructor(private readonly db: DataSource) {}

  /** Of these teams, those in which someone muted an email (one query for the batch; the ids as given). */
  async teamsMuting(teamIds: readonly string[]): Promise<Set<string>> {
    if (teamIds.length === 0) return new Set();
    const rows: { team_id: string }[] = await this.db.query(
      `SELECT t.id AS team_id
         FROM unnest($1::text[]) AS t(id)
        WHERE EXISTS (SELECT 1 FROM email_mute m WHERE m.team_id = t.id::uuid)`,
      [[...new Set(teamIds)]],
    );
    return new Set(rows.map((row) => row.team_id));
  }

  /**
   * Who muted each email of its team or an email of its conversation: `${userId} ${emailId}` pairs, the email id as
   * given (one query for the batch).
   */
  async mutedOf(refs: readonly { teamId: string; emailId: string }[]): Promise<Set<string>> {
    if (refs.length === 0) return new Set();
    const rows: { email_id: string; user_id: string }[] = await this.db.query(
      `WITH targets AS (SELECT DISTINCT r.email_id, r.team_id FROM unnest($1::text[], $2::uuid[]) AS r(email_id, team_id)),
            related AS (
              SELECT t.email_id AS target, t.team_id, t.email_id::uuid AS related FROM targets t
              UNION
              SELECT t.email_id, t.team_id, o.email_id FROM targets t
                JOIN email_thread th ON th.email_id = t.email_id::uuid AND th.team_id = t.team_id
                JOIN email_thread o ON o.thread_id = th.thread_id AND o.team_id = th.team_id)
       SELECT DISTINCT r.target AS email_id, m.user_id
         FROM related r JOIN email_mute m ON m.email_id = r.related AND m.team_id = r.team_id`,
      [refs.map((ref) => ref.emailId), refs.map((ref) => ref.teamId)],
    );
    return new Set(rows.map((row) => `${row.user_id} ${row.email_id}`));
  }

  /** The emails of the team the member muted, oldest email first (ids are time-ordered). */
  async mutedEmailIdsOf(userId: string, teamId: string): Promise<string[]> {
    const rows: { email_id: string }[] = await this.db.query(
      'SELECT email_id FROM email_mute WHERE user_id = $1 AND team_id = $2 ORDER BY email_id',
      [userId, teamId],
    );
    return rows.map((row) => row.email_id);
  }
}
