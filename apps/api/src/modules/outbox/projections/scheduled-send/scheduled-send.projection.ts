import { Injectable } from '@nestjs/common';
import type { OutboxEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { kindOf } from '../../domain/reply.decider';

export const SCHEDULED_SEND_PROJECTION = 'scheduled-send';

/** The state a reply's event moves its row to. */
const STATE_AFTER: Record<string, string> = {
  ReplySendingStarted: 'sending',
  ReplySendCancelled: 'cancelled',
  ReplySent: 'done',
  ReplyFailed: 'done',
};

/**
 * Writes `outbox_scheduled_send`: each message that waits for its time (a ReplyQueued with `sendAt`: scheduled), with
 * what it is (a reply, a forward or a new email), then sending, done or cancelled (undone).
 */
@Injectable()
export class ScheduledSendProjection implements Projection {
  readonly name = SCHEDULED_SEND_PROJECTION;
  readonly eventTypes = [
    'ReplyQueued',
    'ReplySendingStarted',
    'ReplySendCancelled',
    'ReplySent',
    'ReplyFailed',
  ] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type === 'ReplyQueued') {
        const q = event.data as OutboxEventMap['ReplyQueued'];
        if (!q.sendAt) continue;
        await tx.query(
          `INSERT INTO outbox_scheduled_send (reply_id, team_id, email_id, "to", subject, send_at, author_id, kind)
           VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8) ON CONFLICT (reply_id) DO NOTHING`,
          [q.replyId, q.teamId, q.emailId, JSON.stringify(q.to), q.subject, q.sendAt, q.queuedBy, kindOf(q)],
        );
      } else {
        const { replyId } = event.data as { replyId: string };
        // A late ReplySent never turns a cancelled reply back (nothing is sent after an undo).
        await tx.query(
          `UPDATE outbox_scheduled_send SET state = $2 WHERE reply_id = $1 AND state NOT IN ('cancelled', 'done')`,
          [replyId, STATE_AFTER[event.type]],
        );
      }
    }
  }

  /** An erased person's scheduled messages: their recipients and subject as the events now read. */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type !== 'ReplyQueued') continue;
      const q = event.data as OutboxEventMap['ReplyQueued'];
      await tx.query('UPDATE outbox_scheduled_send SET "to" = $2::jsonb, subject = $3 WHERE reply_id = $1', [
        q.replyId,
        JSON.stringify(q.to),
        q.subject,
      ]);
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE outbox_scheduled_send');
  }
}
