import { Injectable } from '@nestjs/common';
import type { EmailReceived } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const INBOX_EMAIL_PROJECTION = 'inbox-email';

/**
 * Writes `inbox_email`. A batch of received emails becomes one multi-row INSERT from a JSON array
 * (json_to_recordset: plain json parses faster than jsonb), so that a rebuild is bounded by Postgres, not by round trips.
 */
@Injectable()
export class InboxEmailProjection implements Projection {
  readonly name = INBOX_EMAIL_PROJECTION;
  readonly eventTypes = ['EmailReceived'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events
      .filter((event) => event.type === 'EmailReceived')
      .map(({ data }) => {
        const email = data as EmailReceived;
        return {
          id: email.emailId,
          team_id: email.teamId,
          subject: email.subject,
          body_text: email.text,
          body_html: email.html,
          from_name: email.fromName,
          from_email: email.fromEmail,
          to: email.to,
          cc: email.cc,
          received_at: email.receivedAt,
          priority: email.priority,
          status: email.status,
          message_id: email.messageId,
          attachments: email.attachments ?? [],
        };
      });
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO inbox_email
         (id, team_id, subject, body_text, body_html, from_name, from_email, "to", cc, received_at, priority, status, message_id,
          attachments)
       SELECT r.id, r.team_id, r.subject, r.body_text, r.body_html, r.from_name, r.from_email,
              COALESCE(r."to", '[]'::jsonb), COALESCE(r.cc, '[]'::jsonb), r.received_at, r.priority, r.status, r.message_id,
              COALESCE(r.attachments, '[]'::jsonb)
         FROM json_to_recordset($1::json) AS r(
              id uuid, team_id uuid, subject text, body_text text, body_html text, from_name text, from_email text,
              "to" jsonb, cc jsonb, received_at timestamptz, priority text, status text, message_id text,
              attachments jsonb)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE inbox_email');
  }
}
