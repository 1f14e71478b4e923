import { Injectable } from '@nestjs/common';
import type { RuleEventMap, RuleEventType } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RULE_EVENT_TYPES } from '../../domain/rules.decider';

export const RULE_PROJECTION = 'rule';

type RuleEvent = { [K in RuleEventType]: StoredEvent<RuleEventMap[K]> & { type: K } }[RuleEventType];

/** Writes `rule`, the team's rules as the Rules screen lists them and the rules engine runs them. */
@Injectable()
export class RuleProjection implements Projection {
  readonly name = RULE_PROJECTION;
  readonly eventTypes = RULE_EVENT_TYPES;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events as RuleEvent[]) {
      const at = event.metadata?.occurredAt ?? event.recordedAt.toISOString();
      switch (event.type) {
        case 'RuleCreated':
        case 'RuleChanged': {
          const { teamId, ruleId, rule } = event.data;
          const enabled = event.type === 'RuleCreated' ? event.data.enabled : null;
          await tx.query(
            `INSERT INTO rule (id, team_id, name, enabled, priority, match_mode, conditions, actions,
                               suppress_notifications, created_at, updated_at)
             VALUES ($1, $2, $3, COALESCE($4, true), $5, $6, $7, $8, $9, $10, $10)
             ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, enabled = COALESCE($4, rule.enabled),
               priority = EXCLUDED.priority, match_mode = EXCLUDED.match_mode, conditions = EXCLUDED.conditions,
               actions = EXCLUDED.actions, suppress_notifications = EXCLUDED.suppress_notifications,
               updated_at = EXCLUDED.updated_at`,
            [
              ruleId,
              teamId,
              rule.name,
              enabled,
              rule.priority,
              rule.matchMode,
              JSON.stringify(rule.conditions),
              JSON.stringify(rule.actions),
              rule.suppressNotifications,
              at,
            ],
          );
          break;
        }
        case 'RuleEnabled':
        case 'RuleDisabled':
          await tx.query(`UPDATE rule SET enabled = $3, updated_at = $4 WHERE id = $1 AND team_id = $2`, [
            event.data.ruleId,
            event.data.teamId,
            event.type === 'RuleEnabled',
            at,
          ]);
          break;
        case 'RuleDeleted':
          await tx.query(`DELETE FROM rule WHERE id = $1 AND team_id = $2`, [event.data.ruleId, event.data.teamId]);
          break;
      }
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE rule');
  }
}
