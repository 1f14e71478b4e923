import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A reply a member sent off (sent, queued or failed to deliver; never a draft): who, and when. */
export interface TeamReply {
  authorId: string;
  at: string;
}

/**
 * The read port of the team's replies (tables `email_reply`, `email_thread` and `inbox_email`, written by
 * conversations' projections) for other modules, such as the rules engine's "last responder": replies are found only
 * in the asking team.
 */
@Injectable()
export class TeamReplies {
  constructor(private readonly db: DataSource) {}

  /**
   * The team's replies in an email's thread — replies to the messages it refers to, to any message of their threads,
   * and replies it answers (our own Message-IDs) — and the team's latest 50 replies to any other email of the same
   * sender. The thread is found from the email's own In-Reply-To and References: the thread read model may not have
   * the new email yet.
   */
  async around(
    teamId: string,
    email: { emailId: string; fromEmail: string; inReplyTo?: string | null; references?: string[] },
  ): Promise<{ thread: TeamReply[]; sameSender: TeamReply[] }> {
    const refs = [...new Set([email.inReplyTo, ...(email.references ?? [])].filter((id): id is string => !!id))];
    const [thread, sameSender]: { author_id: string; at: Date }[][] = await Promise.all([
      refs.length === 0
        ? Promise.resolve([])
        : this.db.query(
            `WITH answered AS (
               SELECT email_id FROM email_thread WHERE team_id = $1 AND message_id = ANY($2::text[])
               UNION SELECT email_id FROM email_reply WHERE team_id = $1 AND message_id = ANY($2::text[])),
             referred AS (
               SELECT email_id FROM answered
               UNION SELECT t2.email_id FROM email_thread t1
                 JOIN email_thread t2 ON t2.team_id = t1.team_id AND t2.thread_id = t1.thread_id
                WHERE t1.team_id = $1 AND t1.email_id IN (SELECT email_id FROM answered))
             SELECT r.author_id, COALESCE(r.sent_at, r.updated_at, r.created_at) AS at
               FROM email_reply r
              WHERE r.team_id = $1 AND r.email_id IN (SELECT email_id FROM referred)
                AND r.status <> 'DRAFT' AND r.email_id <> $3`,
            [teamId, refs, email.emailId],
          ),
      this.db.query(
        `SELECT r.author_id, COALESCE(r.sent_at, r.updated_at, r.created_at) AS at
           FROM inbox_email e JOIN email_reply r ON r.email_id = e.id AND r.team_id = e.team_id
          WHERE e.team_id = $1 AND lower(e.from_email) = lower($2) AND e.id <> $3 AND r.status <> 'DRAFT'
          ORDER BY at DESC LIMIT 50`,
        [teamId, email.fromEmail, email.emailId],
      ),
    ]);
    const toReply = (row: { author_id: string; at: Date }): TeamReply => ({
      authorId: row.author_id,
      at: new Date(row.at).toISOString(),
    });
    return { thread: thread.map(toReply), sameSender: sameSender.map(toReply) };
  }
}
