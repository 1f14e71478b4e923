import { Injectable } from '@nestjs/common';
import type { DomainEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const EMAIL_COMMENT_PROJECTION = 'email-comment';

/** Writes `email_comment`: the internal comments on each email. */
@Injectable()
export class EmailCommentProjection implements Projection {
  readonly name = EMAIL_COMMENT_PROJECTION;
  readonly eventTypes = ['CommentAdded', 'CommentEdited', 'CommentDeleted'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      const at = event.metadata?.occurredAt ?? event.recordedAt.toISOString();
      if (event.type === 'CommentAdded') {
        const c = event.data as DomainEventMap['CommentAdded'];
        await tx.query(
          `INSERT INTO email_comment (id, team_id, email_id, user_id, message, mentions, created_at)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7) ON CONFLICT (id) DO NOTHING`,
          [c.commentId, c.teamId, c.emailId, c.userId, c.message, JSON.stringify(c.mentions), at],
        );
      } else if (event.type === 'CommentEdited') {
        const c = event.data as DomainEventMap['CommentEdited'];
        await tx.query(
          `UPDATE email_comment SET message = $3, mentions = $4::jsonb, updated_at = $5 WHERE id = $1 AND team_id = $2`,
          [c.commentId, c.teamId, c.message, JSON.stringify(c.mentions), at],
        );
      } else if (event.type === 'CommentDeleted') {
        const c = event.data as DomainEventMap['CommentDeleted'];
        await tx.query(`DELETE FROM email_comment WHERE id = $1 AND team_id = $2`, [c.commentId, c.teamId]);
      }
    }
  }

  /**
   * An erased person's comments: each event's text written again as it now reads, where that event is the one the
   * row shows (the add while the comment was never edited, an edit when it is the last one), as a rebuild would.
   */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      const at = event.metadata?.occurredAt ?? event.recordedAt.toISOString();
      if (event.type === 'CommentAdded') {
        const c = event.data as DomainEventMap['CommentAdded'];
        await tx.query(`UPDATE email_comment SET message = $3 WHERE id = $1 AND team_id = $2 AND updated_at IS NULL`, [
          c.commentId,
          c.teamId,
          c.message,
        ]);
      } else if (event.type === 'CommentEdited') {
        const c = event.data as DomainEventMap['CommentEdited'];
        await tx.query(
          `UPDATE email_comment SET message = $3 WHERE id = $1 AND team_id = $2 AND updated_at = $4::timestamptz`,
          [c.commentId, c.teamId, c.message, at],
        );
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE email_comment');
  }
}
