import { Injectable } from '@nestjs/common';
import type { DomainEventMap, OutboxEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const EMAIL_REPLY_PROJECTION = 'email-reply';

export const REPLY_EVENT_TYPES = [
  'ReplyDraftSaved',
  'ReplyDraftDeleted',
  'ReplyQueued',
  'ReplySendCancelled',
  'ReplySent',
  'ReplyFailed',
] as const;

/** A draft's recipients and texts as its row holds them ("to", cc, bcc, subject, body, html_body): a save and an erasure's rewrite. */
function draftContent(d: DomainEventMap['ReplyDraftSaved']): unknown[] {
  return [JSON.stringify(d.to), JSON.stringify(d.cc), JSON.stringify(d.bcc), d.subject, d.body, d.htmlBody];
}

/** A queued reply's recipients and texts as its row holds them, in the same columns as a draft's. */
function queuedContent(q: OutboxEventMap['ReplyQueued']): unknown[] {
  return [JSON.stringify(q.to), JSON.stringify(q.cc), JSON.stringify(q.bcc), q.subject, q.text, q.html];
}

/**
 * Writes `email_reply`: the team's reply drafts (status DRAFT, from ReplyDraftSaved/Deleted) and the replies
 * handed to the outbox (QUEUED, then SENT or FAILED, from the outbox events), one row per reply id.
 */
@Injectable()
export class EmailReplyProjection implements Projection {
  readonly name = EMAIL_REPLY_PROJECTION;
  readonly eventTypes = REPLY_EVENT_TYPES;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      const at = event.metadata?.occurredAt ?? event.recordedAt.toISOString();
      switch (event.type) {
        case 'ReplyDraftSaved': {
          const d = event.data as DomainEventMap['ReplyDraftSaved'];
          // The first save makes its author; later saves (by any member) replace the content.
          // A draft restored from an undone send carries its attachments; a save without them keeps the draft's.
          await tx.query(
            `INSERT INTO email_reply (id, team_id, email_id, author_id, status, "to", cc, bcc, subject, body, html_body,
                                      is_reply_to_all, created_at, attachments)
             VALUES ($1, $2, $3, $4, 'DRAFT', $5::jsonb, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12,
                     COALESCE($13::jsonb, '[]'::jsonb))
             ON CONFLICT (id) DO UPDATE SET "to" = EXCLUDED."to", cc = EXCLUDED.cc, bcc = EXCLUDED.bcc,
               subject = EXCLUDED.subject, body = EXCLUDED.body, html_body = EXCLUDED.html_body,
               is_reply_to_all = EXCLUDED.is_reply_to_all, updated_at = EXCLUDED.created_at,
               attachments = COALESCE($13::jsonb, email_reply.attachments)
             WHERE email_reply.status = 'DRAFT'`,
            [
              d.draftId,
              d.teamId,
              d.emailId,
              d.userId,
              ...draftContent(d),
              d.isReplyToAll,
              at,
              d.attachments ? JSON.stringify(d.attachments) : null,
            ],
          );
          break;
        }
        case 'ReplyDraftDeleted': {
          const d = event.data as DomainEventMap['ReplyDraftDeleted'];
          await tx.query(`DELETE FROM email_reply WHERE id = $1 AND team_id = $2 AND status = 'DRAFT'`, [
            d.draftId,
            d.teamId,
          ]);
          break;
        }
        case 'ReplyQueued': {
          const q = event.data as OutboxEventMap['ReplyQueued'];
          await tx.query(
            `INSERT INTO email_reply (id, team_id, email_id, author_id, status, from_name, from_address, "to", cc, bcc,
                                      subject, body, html_body, message_id, attachments, created_at)
             VALUES ($1, $2, $3, $4, 'QUEUED', $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11, $12, $13, $14::jsonb, $15)
             ON CONFLICT (id) DO NOTHING`,
            [
              q.replyId,
              q.teamId,
              q.emailId,
              q.queuedBy,
              q.from.name || null,
              q.from.email,
              ...queuedContent(q),
              q.messageId,
              JSON.stringify(q.attachments),
              at,
            ],
          );
          break;
        }
        case 'ReplySendCancelled': {
          // Undone: the reply is no longer listed; the draft it became is (ReplyDraftSaved follows).
          const c = event.data as OutboxEventMap['ReplySendCancelled'];
          await tx.query(`DELETE FROM email_reply WHERE id = $1 AND team_id = $2 AND status = 'QUEUED'`, [
            c.replyId,
            c.teamId,
          ]);
          break;
        }
        case 'ReplySent': {
          const s = event.data as OutboxEventMap['ReplySent'];
          await tx.query(
            `UPDATE email_reply SET status = 'SENT', sent_at = $3, error = NULL WHERE id = $1 AND team_id = $2`,
            [s.replyId, s.teamId, s.sentAt],
          );
          break;
        }
        case 'ReplyFailed': {
          const f = event.data as OutboxEventMap['ReplyFailed'];
          await tx.query(`UPDATE email_reply SET status = 'FAILED', error = $3 WHERE id = $1 AND team_id = $2`, [
            f.replyId,
            f.teamId,
            f.error,
          ]);
          break;
        }
      }
    }
  }

  /**
   * An erased person's drafts and replies: each event's fields written again as they now read, where that event is
   * the one the row shows (a draft's last save; a queued reply; its failure), as a rebuild would.
   */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      const at = event.metadata?.occurredAt ?? event.recordedAt.toISOString();
      switch (event.type) {
        case 'ReplyDraftSaved': {
          const d = event.data as DomainEventMap['ReplyDraftSaved'];
          await tx.query(
            `UPDATE email_reply SET "to" = $3::jsonb, cc = $4::jsonb, bcc = $5::jsonb, subject = $6, body = $7,
                    html_body = $8
              WHERE id = $1 AND team_id = $2 AND status = 'DRAFT' AND COALESCE(updated_at, created_at) = $9::timestamptz`,
            [d.draftId, d.teamId, ...draftContent(d), at],
          );
          break;
        }
        case 'ReplyQueued': {
          const q = event.data as OutboxEventMap['ReplyQueued'];
          await tx.query(
            `UPDATE email_reply SET "to" = $3::jsonb, cc = $4::jsonb, bcc = $5::jsonb, subject = $6, body = $7,
                    html_body = $8, attachments = $9::jsonb
              WHERE id = $1 AND team_id = $2 AND status <> 'DRAFT'`,
            [q.replyId, q.teamId, ...queuedContent(q), JSON.stringify(q.attachments)],
          );
          break;
        }
        case 'ReplyFailed': {
          const f = event.data as OutboxEventMap['ReplyFailed'];
          await tx.query(`UPDATE email_reply SET error = $3 WHERE id = $1 AND team_id = $2 AND status = 'FAILED'`, [
            f.replyId,
            f.teamId,
            f.error,
          ]);
          break;
        }
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE email_reply');
  }
}
