import { Injectable } from '@nestjs/common';
import type { MailboxConfigured } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { MAILBOX_EVENT_TYPES } from '../domain/mailbox.decider';

export const MAILBOX_CONFIG_PROJECTION = 'mailbox-config';

/** Writes `mailbox_config`: the latest settings of each team's mailbox (secrets stay sealed). */
@Injectable()
export class MailboxConfigProjection implements Projection {
  readonly name = MAILBOX_CONFIG_PROJECTION;
  readonly eventTypes = MAILBOX_EVENT_TYPES;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (!(MAILBOX_EVENT_TYPES as readonly string[]).includes(event.type)) continue;
      const { teamId, settings } = event.data as MailboxConfigured;
      await tx.query(
        `INSERT INTO mailbox_config (team_id, settings, is_active, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (team_id) DO UPDATE SET settings = $2, is_active = $3, updated_at = $4`,
        [teamId, JSON.stringify(settings), settings.isActive, event.recordedAt],
      );
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE mailbox_config');
  }
}
