import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The read port of the conversations' threads (table `email_thread`, written by the `email-thread` projection): which
 * received emails belong together by In-Reply-To and References. Other modules ask here instead of reading the table;
 * a caller that must see an email it has just received waits for EMAIL_THREAD_PROJECTION first.
 */
@Injectable()
export class ConversationThreads {
  constructor(private readonly db: DataSource) {}

  /**
   * Each named email with the emails of its thread, the email itself always included (also when the thread read
   * model does not know it yet). Limited to one team when `teamId` is given; an email of another team then has
   * only itself. One query for the batch.
   */
  async relatedEmailIds(emailIds: readonly string[], teamId?: string): Promise<Map<string, string[]>> {
    const related = new Map<string, string[]>(emailIds.map((emailId) => [emailId, [emailId]]));
    if (emailIds.length === 0) return related;
    const rows: { email_id: string; related_id: string }[] = await this.db.query(
      `SELECT self.email_id, member.email_id AS related_id
         FROM email_thread self
         JOIN email_thread member ON member.team_id = self.team_id AND member.thread_id = self.thread_id
        WHERE self.email_id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR self.team_id = $2::uuid)
          AND member.email_id <> self.email_id`,
      [[...new Set(emailIds)], teamId ?? null],
    );
    for (const row of rows) related.get(row.email_id)?.push(row.related_id);
    return related;
  }

  /** The emails of the team's thread of one email, the email first (only it when the thread is not known). */
  async threadOf(teamId: string, emailId: string): Promise<string[]> {
    return (await this.relatedEmailIds([emailId], teamId)).get(emailId) ?? [emailId];
  }

  /** The team's received emails whose Message-ID is one of `messageIds` (e.g. those an incoming email refers to). */
  async emailIdsWithMessageIds(teamId: string, messageIds: readonly string[]): Promise<string[]> {
    if (messageIds.length === 0) return [];
    const rows: { email_id: string }[] = await this.db.query(
      'SELECT email_id FROM email_thread WHERE team_id = $1 AND message_id = ANY($2::text[])',
      [teamId, [...new Set(messageIds)]],
    );
    return rows.map((row) => row.email_id);
  }
}
