import { Injectable } from '@nestjs/common';
import type { PersonalEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { REPLY_TEMPLATE_EVENT_TYPES } from '../../domain/reply-template.decider';

export const REPLY_TEMPLATE_PROJECTION = 'reply-template';

/** Writes `reply_template`, the reply templates of each team. */
@Injectable()
export class ReplyTemplateProjection implements Projection {
  readonly name = REPLY_TEMPLATE_PROJECTION;
  readonly eventTypes = REPLY_TEMPLATE_EVENT_TYPES;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type === 'ReplyTemplateCreated') {
        const t = event.data as PersonalEventMap['ReplyTemplateCreated'];
        await tx.query(
          `INSERT INTO reply_template (id, team_id, name, subject, body, html_body, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (id) DO NOTHING`,
          [t.templateId, t.teamId, t.name, t.subject, t.body, t.htmlBody, event.recordedAt],
        );
      } else if (event.type === 'ReplyTemplateUpdated') {
        const t = event.data as PersonalEventMap['ReplyTemplateUpdated'];
        await tx.query(
          `UPDATE reply_template SET name = $3, subject = $4, body = $5, html_body = $6, updated_at = $7
           WHERE id = $1 AND team_id = $2`,
          [t.templateId, t.teamId, t.name, t.subject, t.body, t.htmlBody, event.recordedAt],
        );
      } else if (event.type === 'ReplyTemplateDeleted') {
        const t = event.data as PersonalEventMap['ReplyTemplateDeleted'];
        await tx.query(`DELETE FROM reply_template WHERE id = $1 AND team_id = $2`, [t.templateId, t.teamId]);
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE reply_template');
  }
}
