import { Injectable } from '@nestjs/common';
import type { DomainEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const USER_PREFERENCES_PROJECTION = 'user-preferences';

/** Writes `user_preferences`: only the fields an event carries change. */
@Injectable()
export class UserPreferencesProjection implements Projection {
  readonly name = USER_PREFERENCES_PROJECTION;
  readonly eventTypes = ['UserPreferencesChanged'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      const p = event.data as DomainEventMap['UserPreferencesChanged'];
      await tx.query(
        `INSERT INTO user_preferences (user_id, email_detail_view_mode, on_vacation, language, list_density,
                                       undo_send_seconds)
         VALUES ($1, COALESCE($2, 'classic'), COALESCE($3, false), COALESCE($4, 'en'), COALESCE($5, 'comfortable'), $6)
         ON CONFLICT (user_id) DO UPDATE SET
           email_detail_view_mode = COALESCE($2, user_preferences.email_detail_view_mode),
           on_vacation = COALESCE($3, user_preferences.on_vacation),
           language = COALESCE($4, user_preferences.language),
           list_density = COALESCE($5, user_preferences.list_density),
           undo_send_seconds = COALESCE($6, user_preferences.undo_send_seconds)`,
        [
          p.userId,
          p.emailDetailViewMode ?? null,
          p.onVacation ?? null,
          p.language ?? null,
          p.listDensity ?? null,
          p.undoSendSeconds ?? null,
        ],
      );
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE user_preferences');
  }
}
