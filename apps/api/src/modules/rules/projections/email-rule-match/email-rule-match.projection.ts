import { Injectable } from '@nestjs/common';
import type { DomainEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const EMAIL_RULE_MATCH_PROJECTION = 'email-rule-match';

/**
 * Writes `email_rule_match` from EmailRuleApplied: which rules matched an email, which of their conditions held,
 * what each action did or why it was skipped. Rebuilt from the events like any read model; a rebuild never runs
 * a rule again (the rules engine is a reaction, which rebuilds do not feed).
 */
@Injectable()
export class EmailRuleMatchProjection implements Projection {
  readonly name = EMAIL_RULE_MATCH_PROJECTION;
  readonly eventTypes = ['EmailRuleApplied'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events.map((event) => {
      const data = event.data as DomainEventMap['EmailRuleApplied'];
      return {
        email_id: data.emailId,
        rule_id: data.ruleId,
        team_id: data.teamId,
        rule_name: data.ruleName,
        match_mode: data.matchMode,
        conditions: data.conditions,
        actions: data.actions,
        suppress_notifications: data.suppressNotifications,
        applied_at: event.metadata?.occurredAt ?? event.recordedAt.toISOString(),
        seq: event.position.prepare.toString(),
      };
    });
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO email_rule_match (email_id, rule_id, team_id, rule_name, match_mode, conditions, actions,
                                     suppress_notifications, applied_at, seq)
       SELECT r.email_id, r.rule_id, r.team_id, r.rule_name, r.match_mode, r.conditions, r.actions,
              r.suppress_notifications, r.applied_at, r.seq
         FROM json_to_recordset($1::json) AS r(email_id uuid, rule_id uuid, team_id uuid, rule_name text, match_mode text,
              conditions jsonb, actions jsonb, suppress_notifications boolean, applied_at timestamptz, seq bigint)
       ON CONFLICT (email_id, rule_id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }

  /**
   * An erased person: the assignment targets and the condition values (an address a condition names) of the
   * explanations that named them, written again as the events now read them (the first event of an email and rule
   * decides the row, as the insert does).
   */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events
      .filter((event) => event.type === 'EmailRuleApplied')
      .map((event) => {
        const data = event.data as DomainEventMap['EmailRuleApplied'];
        return { email_id: data.emailId, rule_id: data.ruleId, actions: data.actions, conditions: data.conditions };
      });
    if (rows.length === 0) return;
    await tx.query(
      `UPDATE email_rule_match m SET actions = r.actions, conditions = r.conditions
         FROM json_to_recordset($1::json) AS r(email_id uuid, rule_id uuid, actions jsonb, conditions jsonb)
        WHERE m.email_id = r.email_id AND m.rule_id = r.rule_id`,
      [JSON.stringify(rows)],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE email_rule_match');
  }
}
