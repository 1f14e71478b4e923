import { Injectable } from '@nestjs/common';
import type { DomainEventMap, EmailReceived } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { EMAIL_STATE_EVENT_TYPES } from '../../domain/email.decider';

export const INBOX_EMAIL_PROJECTION = 'inbox-email';

/**
 * Writes `inbox_email`. A batch of received emails becomes one multi-row INSERT from a JSON array
 * (json_to_recordset: plain json parses faster than jsonb), so that a rebuild is bounded by Postgres, not by round trips.
 */
@Injectable()
export class InboxEmailProjection implements Projection {
  readonly name = INBOX_EMAIL_PROJECTION;
  readonly eventTypes = [...EMAIL_STATE_EVENT_TYPES, 'LabelDeleted'] as const;

  /** Runs of received emails are inserted together; every other event is applied in order between them. */
  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    let received: StoredEvent[] = [];
    for (const event of events) {
      if (event.type === 'EmailReceived') {
        received.push(event);
        continue;
      }
      await this.insertReceived(received, tx);
      received = [];
      await this.apply(event, tx);
    }
    await this.insertReceived(received, tx);
  }

  private async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
    const data = event.data as { emailId: string; teamId: string };
    const update = (set: string, params: unknown[] = []) =>
      tx.query(`UPDATE inbox_email SET ${set} WHERE id = $1 AND team_id = $2`, [data.emailId, data.teamId, ...params]);
    switch (event.type) {
      case 'EmailMarkedRead': {
        const read = event.data as DomainEventMap['EmailMarkedRead'];
        return void (await update('read_at = $3, read_by = $4', [read.readAt, read.userId]));
      }
      case 'EmailMarkedUnread':
        return void (await update('read_at = NULL, read_by = NULL'));
      case 'EmailArchived':
        return void (await update('is_archived = true'));
      case 'EmailUnarchived':
        return void (await update('is_archived = false'));
      case 'EmailMarkedSpam':
        return void (await update('is_spam = true'));
      case 'EmailMarkedNotSpam':
        return void (await update('is_spam = false'));
      case 'EmailAssigned':
        return void (await update('assigned_to = $3', [(event.data as DomainEventMap['EmailAssigned']).assignedTo]));
      case 'EmailUnassigned':
        return void (await update('assigned_to = NULL'));
      case 'EmailLabelAdded': {
        const { labelId } = event.data as DomainEventMap['EmailLabelAdded'];
        return void (await update('labels = array_append(array_remove(labels, $3::uuid), $3::uuid)', [labelId]));
      }
      case 'EmailLabelRemoved': {
        const { labelId } = event.data as DomainEventMap['EmailLabelRemoved'];
        return void (await update('labels = array_remove(labels, $3::uuid)', [labelId]));
      }
      case 'EmailNotificationsMuted': {
        const { userId } = event.data as DomainEventMap['EmailNotificationsMuted'];
        await tx.query(
          `INSERT INTO email_mute (email_id, user_id, team_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [data.emailId, userId, data.teamId],
        );
        return;
      }
      case 'EmailNotificationsUnmuted': {
        const { userId } = event.data as DomainEventMap['EmailNotificationsUnmuted'];
        await tx.query(`DELETE FROM email_mute WHERE email_id = $1 AND user_id = $2`, [data.emailId, userId]);
        return;
      }
      case 'LabelDeleted': {
        const { teamId, labelId } = event.data as DomainEventMap['LabelDeleted'];
        await tx.query(
          `UPDATE inbox_email SET labels = array_remove(labels, $2::uuid) WHERE team_id = $1 AND labels @> ARRAY[$2::uuid]`,
          [teamId, labelId],
        );
        return;
      }
    }
  }

  private async insertReceived(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events.map(({ data }) => {
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
        in_reply_to: email.inReplyTo ?? null,
        is_auto_reply: email.isAutoReply ?? false,
        is_bounce: email.isBounce ?? false,
      };
    });
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO inbox_email
         (id, team_id, subject, body_text, body_html, from_name, from_email, "to", cc, received_at, priority, status, message_id,
          attachments, in_reply_to, is_auto_reply, is_bounce)
       SELECT r.id, r.team_id, r.subject, r.body_text, r.body_html, r.from_name, r.from_email,
              COALESCE(r."to", '[]'::jsonb), COALESCE(r.cc, '[]'::jsonb), r.received_at, r.priority, r.status, r.message_id,
              COALESCE(r.attachments, '[]'::jsonb), r.in_reply_to, COALESCE(r.is_auto_reply, false), COALESCE(r.is_bounce, false)
         FROM json_to_recordset($1::json) AS r(
              id uuid, team_id uuid, subject text, body_text text, body_html text, from_name text, from_email text,
              "to" jsonb, cc jsonb, received_at timestamptz, priority text, status text, message_id text,
              attachments jsonb, in_reply_to text, is_auto_reply boolean, is_bounce boolean)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE inbox_email, email_mute');
  }
}
