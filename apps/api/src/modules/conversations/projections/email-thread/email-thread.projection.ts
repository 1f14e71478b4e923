import { Injectable } from '@nestjs/common';
import type { EmailReceived, ReplyQueued } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const EMAIL_THREAD_PROJECTION = 'email-thread';

interface ThreadRow {
  emailId: string;
  messageId: string | null;
  refs: string[];
  /** The Message-IDs of the team's replies to this email (ReplyQueued): an answer to one of them joins the thread. */
  sent: string[];
  threadId: string;
}

/** A thread's event as the projection reads it, in log order. */
type ThreadEvent =
  | {
      kind: 'received';
      emailId: string;
      messageId: string | null;
      inReplyTo: string | null;
      refs: string[];
    }
  | { kind: 'sent'; emailId: string; messageId: string };

function threadEventOf(event: StoredEvent): { teamId: string; event: ThreadEvent } | null {
  // A conversation the team started (EmailComposed) begins its thread like a received email: its Message-ID is ours.
  if (event.type === 'EmailReceived' || event.type === 'EmailComposed') {
    const email = event.data as EmailReceived;
    return {
      teamId: email.teamId,
      event: {
        kind: 'received',
        emailId: email.emailId,
        messageId: email.messageId || null,
        inReplyTo: email.inReplyTo ?? null,
        refs: [...new Set([...(email.references ?? []), ...(email.inReplyTo ? [email.inReplyTo] : [])])],
      },
    };
  }
  if (event.type === 'ReplyQueued') {
    const reply = event.data as ReplyQueued;
    if (!reply.messageId) return null;
    return { teamId: reply.teamId, event: { kind: 'sent', emailId: reply.emailId, messageId: reply.messageId } };
  }
  return null;
}

/**
 * Writes `email_thread`: each email's thread (the conversation) by In-Reply-To and References. An email joins the
 * thread of any earlier email it refers to, or of the email one of our replies answered when it refers to that
 * reply's Message-ID (ReplyQueued records it on the replied email's row); earlier emails that refer to it (arrived
 * out of order) are merged into its thread.
 *
 * A batch is decided in memory, event by event in log order, against the rows it can touch (fetched with one indexed
 * query: rows whose Message-ID or sent Message-IDs the batch refers to, rows that refer to the batch's Message-IDs,
 * the rows of the replied emails), then written with one INSERT, one UPDATE per merged thread and one UPDATE of the
 * sent Message-IDs. The projection's transaction stays short even during a first sync, so it does not hold back what
 * other readers of the event store can see.
 */
@Injectable()
export class EmailThreadProjection implements Projection {
  readonly name = EMAIL_THREAD_PROJECTION;
  readonly eventTypes = ['EmailReceived', 'EmailComposed', 'ReplyQueued'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const byTeam = new Map<string, ThreadEvent[]>();
    for (const stored of events) {
      const read = threadEventOf(stored);
      if (!read) continue;
      byTeam.set(read.teamId, [...(byTeam.get(read.teamId) ?? []), read.event]);
    }
    for (const [teamId, teamEvents] of byTeam) await this.handleTeam(tx, teamId, teamEvents);
  }

  private async handleTeam(tx: EntityManager, teamId: string, events: ThreadEvent[]): Promise<void> {
    const incoming = events.filter((event) => event.kind === 'received');
    const sent = events.filter((event) => event.kind === 'sent');
    const allRefs = [...new Set(incoming.flatMap((email) => email.refs))];
    const messageIds = [
      ...new Set([
        ...incoming.flatMap((email) => (email.messageId ? [email.messageId] : [])),
        ...sent.map((reply) => reply.messageId),
      ]),
    ];
    const repliedIds = [...new Set(sent.map((reply) => reply.emailId))];
    const known: {
      email_id: string;
      message_id: string | null;
      refs: string[];
      sent_message_ids: string[];
      thread_id: string;
    }[] =
      allRefs.length + messageIds.length === 0
        ? []
        : await tx.query(
            `SELECT email_id, message_id, refs, sent_message_ids, thread_id FROM email_thread
              WHERE team_id = $1
                AND (message_id = ANY($2::text[]) OR sent_message_ids && $2::text[] OR refs && $3::text[]
                     OR email_id = ANY($4::uuid[]))`,
            [teamId, allRefs, messageIds, repliedIds],
          );
    const rows: ThreadRow[] = known.map((row) => ({
      emailId: row.email_id,
      messageId: row.message_id,
      refs: row.refs,
      sent: row.sent_message_ids,
      threadId: row.thread_id,
    }));
    const stored = new Set(rows.map((row) => row.emailId));
    const renames: [string, string][] = [];
    const inserts: (ThreadRow & { inReplyTo: string | null })[] = [];
    const sentChanged = new Set<ThreadRow>();

    /** Every thread other than `threadId` holding an email that refers to `messageId` becomes `threadId`. */
    const mergeInto = (threadId: string, messageId: string) => {
      const merged = new Set(
        rows.filter((row) => row.refs.includes(messageId) && row.threadId !== threadId).map((row) => row.threadId),
      );
      for (const old of merged) {
        renames.push([old, threadId]);
        for (const row of rows) if (row.threadId === old) row.threadId = threadId;
      }
    };

    for (const event of events) {
      if (event.kind === 'sent') {
        const replied = rows.find((row) => row.emailId === event.emailId);
        if (!replied || replied.sent.includes(event.messageId)) continue;
        replied.sent = [...replied.sent, event.messageId];
        sentChanged.add(replied);
        mergeInto(replied.threadId, event.messageId);
        continue;
      }
      if (stored.has(event.emailId) || inserts.some((row) => row.emailId === event.emailId)) continue;
      const parent = event.refs.length
        ? rows.find(
            (row) =>
              (row.messageId !== null && event.refs.includes(row.messageId)) ||
              row.sent.some((id) => event.refs.includes(id)),
          )
        : undefined;
      const threadId = parent?.threadId ?? event.emailId;
      if (event.messageId) mergeInto(threadId, event.messageId);
      const row = {
        emailId: event.emailId,
        messageId: event.messageId,
        inReplyTo: event.inReplyTo,
        refs: event.refs,
        sent: [],
        threadId,
      };
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
    if (inserts.length > 0) {
      await tx.query(
        `INSERT INTO email_thread (email_id, team_id, message_id, in_reply_to, refs, sent_message_ids, thread_id)
         SELECT r.email_id, $1, r.message_id, r.in_reply_to, ARRAY(SELECT json_array_elements_text(r.refs)),
                ARRAY(SELECT json_array_elements_text(r.sent)), r.thread_id
           FROM json_to_recordset($2::json)
             AS r(email_id uuid, message_id text, in_reply_to text, refs json, sent json, thread_id uuid)
         ON CONFLICT (email_id) DO NOTHING`,
        [
          teamId,
          JSON.stringify(
            inserts.map((row) => ({
              email_id: row.emailId,
              message_id: row.messageId,
              in_reply_to: row.inReplyTo,
              refs: row.refs,
              sent: row.sent,
              thread_id: row.threadId,
            })),
          ),
        ],
      );
    }
    const updated = [...sentChanged].filter((row) => stored.has(row.emailId));
    if (updated.length === 0) return;
    await tx.query(
      `UPDATE email_thread t SET sent_message_ids = ARRAY(SELECT json_array_elements_text(r.sent))
         FROM json_to_recordset($2::json) AS r(email_id uuid, sent json)
        WHERE t.team_id = $1 AND t.email_id = r.email_id`,
      [teamId, JSON.stringify(updated.map((row) => ({ email_id: row.emailId, sent: row.sent })))],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE email_thread');
  }
}
