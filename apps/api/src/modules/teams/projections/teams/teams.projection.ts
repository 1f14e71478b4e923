import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { isEventOfType } from '../../../../platform/event-sourcing';

export const TEAMS_PROJECTION = 'teams';

/** Writes the `teams` table from TeamCreated (membership is in `users`, see the users projection). */
@Injectable()
export class TeamsProjection implements Projection {
  readonly name = TEAMS_PROJECTION;
  readonly eventTypes = ['TeamCreated'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (!isEventOfType(event, 'TeamCreated')) continue;
      await tx.query(
        `INSERT INTO teams (id, name, created_by, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
        [event.data.teamId, event.data.name, event.data.createdBy, event.metadata.occurredAt],
      );
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('DELETE FROM teams');
  }
}
