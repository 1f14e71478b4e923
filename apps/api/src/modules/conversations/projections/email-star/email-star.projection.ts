import { Injectable } from '@nestjs/common';
import type { DomainEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const EMAIL_STAR_PROJECTION = 'email-star';

/** Writes `email_star`: which member starred which email (a personal marker). */
@Injectable()
export class EmailStarProjection implements Projection {
  readonly name = EMAIL_STAR_PROJECTION;
  readonly eventTypes = ['EmailStarred', 'EmailUnstarred'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      const star = event.data as DomainEventMap['EmailStarred'];
      if (event.type === 'EmailStarred') {
        await tx.query(
          `INSERT INTO email_star (email_id, user_id, team_id, starred_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, email_id) DO NOTHING`,
          [star.emailId, star.userId, star.teamId, event.metadata?.occurredAt ?? event.recordedAt.toISOString()],
        );
      } else {
        await tx.query('DELETE FROM email_star WHERE user_id = $1 AND email_id = $2', [star.userId, star.emailId]);
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE email_star');
  }
}
