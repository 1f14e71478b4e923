import { Injectable } from '@nestjs/common';
import type { NotificationEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const PUSH_SUBSCRIPTION_PROJECTION = 'push-subscription';

/** Writes `push_subscription`: each user's subscribed browsers. */
@Injectable()
export class PushSubscriptionProjection implements Projection {
  readonly name = PUSH_SUBSCRIPTION_PROJECTION;
  readonly eventTypes = ['PushSubscriptionAdded', 'PushSubscriptionRemoved'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type === 'PushSubscriptionAdded') {
        const s = event.data as NotificationEventMap['PushSubscriptionAdded'];
        await tx.query(
          `INSERT INTO push_subscription (id, user_id, endpoint, p256dh, auth, created_at)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (user_id, endpoint) DO UPDATE SET id = $1, p256dh = $4, auth = $5, created_at = $6`,
          [s.subscriptionId, s.userId, s.endpoint, s.p256dh, s.auth, event.recordedAt],
        );
      } else if (event.type === 'PushSubscriptionRemoved') {
        const s = event.data as NotificationEventMap['PushSubscriptionRemoved'];
        await tx.query(`DELETE FROM push_subscription WHERE id = $1 AND user_id = $2`, [s.subscriptionId, s.userId]);
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE push_subscription');
  }
}
