import { Injectable } from '@nestjs/common';
import type { BusinessHoursChanged } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const BUSINESS_HOURS_PROJECTION = 'business-hours';

/**
 * Writes `business_hours`, each team's business hours with the version of its stream. An event seen again (a replay
 * after a crash) does not move a row back: the row keeps the highest version.
 */
@Injectable()
export class BusinessHoursProjection implements Projection {
  readonly name = BUSINESS_HOURS_PROJECTION;
  readonly eventTypes = ['BusinessHoursChanged'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type !== 'BusinessHoursChanged') continue;
      const data = event.data as BusinessHoursChanged;
      await tx.query(
        `INSERT INTO business_hours (team_id, enabled, time_zone, weekly, holidays, version, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (team_id) DO UPDATE SET enabled = EXCLUDED.enabled, time_zone = EXCLUDED.time_zone,
           weekly = EXCLUDED.weekly, holidays = EXCLUDED.holidays, version = EXCLUDED.version,
           updated_at = EXCLUDED.updated_at
         WHERE business_hours.version < EXCLUDED.version`,
        [
          data.teamId,
          data.enabled,
          data.timeZone,
          JSON.stringify(data.weekly),
          JSON.stringify(data.holidays),
          event.streamVersion,
          event.metadata.occurredAt,
        ],
      );
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE business_hours');
  }
}
