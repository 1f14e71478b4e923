import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { isEventOfType } from '../../../shared/domain-event';

export const USERS_PROJECTION = 'users';

/** Writes the `users` table from UserRegistered and TeamMemberJoined. */
@Injectable()
export class UsersProjection implements Projection {
  readonly name = USERS_PROJECTION;
  readonly eventTypes = ['UserRegistered', 'TeamMemberJoined'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (isEventOfType(event, 'UserRegistered')) {
        await tx.query(
          `INSERT INTO users (id, email, password_hash, registered_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO NOTHING`,
          [event.data.userId, event.data.email, event.data.passwordHash, event.metadata.occurredAt],
        );
      } else if (isEventOfType(event, 'TeamMemberJoined')) {
        await tx.query(`UPDATE users SET team_id = $2, role = $3 WHERE id = $1`, [
          event.data.userId,
          event.data.teamId,
          event.data.role,
        ]);
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('DELETE FROM users');
  }
}
