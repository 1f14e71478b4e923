import { Injectable } from '@nestjs/common';
import type { DomainEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const EMAIL_LABEL_PROJECTION = 'email-label';

/** What a label command's caller reads next: the labels, and the inbox rows that show their names. */
export const LABEL_READ_MODELS = [EMAIL_LABEL_PROJECTION, 'inbox-email'] as const;

/** Writes `email_label`, the labels of each team. */
@Injectable()
export class EmailLabelProjection implements Projection {
  readonly name = EMAIL_LABEL_PROJECTION;
  readonly eventTypes = ['LabelCreated', 'LabelUpdated', 'LabelDeleted'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type === 'LabelCreated') {
        const label = event.data as DomainEventMap['LabelCreated'];
        await tx.query(
          `INSERT INTO email_label (id, team_id, name, color, background_color, is_default, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
          [
            label.labelId,
            label.teamId,
            label.name,
            label.color,
            label.backgroundColor,
            label.isDefault,
            event.recordedAt,
          ],
        );
      } else if (event.type === 'LabelUpdated') {
        const label = event.data as DomainEventMap['LabelUpdated'];
        await tx.query(
          `UPDATE email_label SET name = $3, color = $4, background_color = $5 WHERE id = $1 AND team_id = $2`,
          [label.labelId, label.teamId, label.name, label.color, label.backgroundColor],
        );
      } else if (event.type === 'LabelDeleted') {
        const label = event.data as DomainEventMap['LabelDeleted'];
        await tx.query(`DELETE FROM email_label WHERE id = $1 AND team_id = $2`, [label.labelId, label.teamId]);
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE email_label');
  }
}
