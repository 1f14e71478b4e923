import { Injectable } from '@nestjs/common';
import type { EmailReceived } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const EMAIL_THREAD_PROJECTION = 'email-thread';

interface ThreadRow {
  emailId: string;
  messageId: string | null;
  refs: string[];
  threadId: string;
}

/**
 * Writes `email_thread`: each email's thread by In-Reply-To and References. An email joins the thread of
 * any earlier email it refers to; earlier emails that refer to it (arrived out of order) are merged into
 * its thread.
 *
 * A batch is decided in memory, event by event in order, against the rows it can touch (fetched with two
 * indexed queries: rows whose Message-ID the batch refers to, rows that refer to the batch's Message-IDs),
 * then written with one INSERT and one UPDATE per merged thread. The projection's transaction stays short even
 * during a first sync, so it does not hold back what other readers of the event store can see.
 */
@Injectable()
export class EmailThreadProjection implements Projection {
  readonly name = EMAIL_THREAD_PROJECTION;
  readonly eventTypes = ['EmailReceived'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const byTeam = new Map<string, EmailReceived[]>();
    for (const event of events) {
      if (event.type !== 'EmailReceived') continue;
      const email = event.data as EmailReceived;
      byTeam.set(email.teamId, [...(byTeam.get(email.teamId) ?? []), email]);
    }
    for (const [teamId, emails] of byTeam) await this.handleTeam(tx, teamId, emails);
  }

  private async handleTeam(tx: EntityManager, teamId: string, emails: EmailReceived[]): Promise<void> {
    const incoming = emails.map((email) => ({
      emailId: email.emailId,
      messageId: email.messageId || null,
      inReplyTo: email.inReplyTo ?? null,
      refs: [...new Set([...(email.references ?? []), ...(email.inReplyTo ? [email.inReplyTo] : [])])],
    }));
    const allRefs = [...new Set(incoming.flatMap((email) => email.refs))];
    const messageIds = [...new Set(incoming.flatMap((email) => (email.messageId ? [email.messageId] : [])))];
    const known: { email_id: string; message_id: string | null; refs: string[]; thread_id: string }[] =
      allRefs.length + messageIds.length === 0
        ? []
        : await tx.query(
            `SELECT email_id, message_id, refs, thread_id FROM email_thread
              WHERE team_id = $1 AND (message_id = ANY($2::text[]) OR refs && $3::text[])`,
            [teamId, allRefs, messageIds],
          );
    const rows: ThreadRow[] = known.map((row) => ({
      emailId: row.email_id,
      messageId: row.message_id,
      refs: row.refs,
      threadId: row.thread_id,
    }));
    const stored = new Set(rows.map((row) => row.emailId));
    const renames: [string, string][] = [];
    const inserts: (ThreadRow & { inReplyTo: string | null })[] = [];

    for (const email of incoming) {
      if (stored.has(email.emailId) || inserts.some((row) => row.emailId === email.emailId)) continue;
      const parent = email.refs.length
        ? rows.find((row) => row.messageId !== null && email.refs.includes(row.messageId))
        : undefined;
      const threadId = parent?.threadId ?? email.emailId;
      if (email.messageId) {
        const merged = new Set(
          rows.filter((row) => row.refs.includes(email.messageId!) && row.threadId !== threadId).map((r) => r.threadId),
        );
        for (const old of merged) {
          renames.push([old, threadId]);
          for (const row of rows) if (row.threadId === old) row.threadId = threadId;
        }
      }
      const row = { ...email, threadId };
      rows.push(row);
      inserts.push(row);
    }

    // Renames in order: a thread renamed twice ends where the second rename puts it.
    for (const [from, to] of renames) {
      await tx.query(`UPDATE email_thread SET thread_id = $3 WHERE team_id = $1 AND thread_id = $2`, [
        teamId,
        from,
        to,
      ]);
    }
    if (inserts.length === 0) return;
    await tx.query(
      `INSERT INTO email_thread (email_id, team_id, message_id, in_reply_to, refs, thread_id)
       SELECT r.email_id, $1, r.message_id, r.in_reply_to, ARRAY(SELECT json_array_elements_text(r.refs)), r.thread_id
         FROM json_to_recordset($2::json) AS r(email_id uuid, message_id text, in_reply_to text, refs json, thread_id uuid)
       ON CONFLICT (email_id) DO NOTHING`,
      [
        teamId,
        JSON.stringify(
          inserts.map((row) => ({
            email_id: row.emailId,
            message_id: row.messageId,
            in_reply_to: row.inReplyTo,
            refs: row.refs,
            thread_id: row.threadId,
          })),
        ),
      ],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE email_thread');
  }
}
