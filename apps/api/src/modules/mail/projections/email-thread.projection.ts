import { Injectable } from '@nestjs/common';
import type { EmailReceived } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';

export const EMAIL_THREAD_PROJECTION = 'email-thread';

/**
 * Writes `email_thread`: each email's thread by In-Reply-To and References. An email joins the thread of
 * any earlier email it refers to; earlier emails that refer to it (arrived out of order) are merged into
 * its thread.
 */
@Injectable()
export class EmailThreadProjection implements Projection {
  readonly name = EMAIL_THREAD_PROJECTION;
  readonly eventTypes = ['EmailReceived'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type !== 'EmailReceived') continue;
      const email = event.data as EmailReceived;
      const messageId = email.messageId || null;
      const refs = [...new Set([...(email.references ?? []), ...(email.inReplyTo ? [email.inReplyTo] : [])])];
      const parent: { thread_id: string }[] = refs.length
        ? await tx.query(
            `SELECT thread_id FROM email_thread WHERE team_id = $1 AND message_id = ANY($2::text[]) LIMIT 1`,
            [email.teamId, refs],
          )
        : [];
      const threadId = parent[0]?.thread_id ?? email.emailId;
      if (messageId) {
        await tx.query(
          `UPDATE email_thread SET thread_id = $3
            WHERE team_id = $1 AND thread_id IN (
              SELECT thread_id FROM email_thread WHERE team_id = $1 AND (in_reply_to = $2 OR $2 = ANY(refs)))`,
          [email.teamId, messageId, threadId],
        );
      }
      await tx.query(
        `INSERT INTO email_thread (email_id, team_id, message_id, in_reply_to, refs, thread_id)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email_id) DO NOTHING`,
        [email.emailId, email.teamId, messageId, email.inReplyTo ?? null, refs, threadId],
      );
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE email_thread');
  }
}
