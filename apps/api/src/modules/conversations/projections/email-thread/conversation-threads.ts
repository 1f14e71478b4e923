import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EmailInConversation } from '../../domain/conversation-changes.decider';

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

  /**
   * The conversation of each named email of the team: its thread id and how many emails the thread holds (an email
   * the thread read model does not know is a conversation of its own, its id the thread's). Another team's email is
   * not answered.
   */
  async conversationsOf(teamId: string, emailIds: readonly string[]): Promise<Map<string, EmailInConversation>> {
    const found = new Map<string, EmailInConversation>();
    if (emailIds.length === 0) return found;
    const rows: { email_id: string; thread_id: string; size: number }[] = await this.db.query(
      `SELECT self.email_id, self.thread_id,
              (SELECT count(*)::int FROM email_thread member
                WHERE member.team_id = self.team_id AND member.thread_id = self.thread_id) AS size
         FROM email_thread self
        WHERE self.team_id = $1 AND self.email_id = ANY($2::uuid[])`,
      [teamId, [...new Set(emailIds)]],
    );
    for (const row of rows) found.set(row.email_id, { emailId: row.email_id, threadId: row.thread_id, size: row.size });
    return found;
  }

  /** The emails of the team's threads named, oldest first (by the inbox's reception time, then id). */
  async emailsOfThreads(teamId: string, threadIds: readonly string[]): Promise<string[]> {
    if (threadIds.length === 0) return [];
    const rows: { email_id: string }[] = await this.db.query(
      `SELECT t.email_id FROM email_thread t
         LEFT JOIN inbox_email e ON e.id = t.email_id AND e.team_id = t.team_id
        WHERE t.team_id = $1 AND t.thread_id = ANY($2::uuid[])
        ORDER BY e.received_at ASC NULLS LAST, t.email_id ASC`,
      [teamId, [...new Set(threadIds)]],
    );
    return rows.map((row) => row.email_id);
  }
}
