import { Injectable } from '@nestjs/common';
import type { SlaPolicy } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import {
  evolveSlaPolicies,
  SLA_POLICY_EVENT_TYPES,
  type SlaPoliciesEvent,
  type SlaPoliciesState,
} from '../../domain/sla-policies.decider';

export const SLA_POLICIES_PROJECTION = 'sla-policies';

/**
 * Writes `sla_policies`: each team's policies in their order (the decider's own fold, so the list read is the list
 * decided on) with the version of the team's stream. An event seen again (a replay after a crash) is skipped by its
 * version.
 */
@Injectable()
export class SlaPoliciesProjection implements Projection {
  readonly name = SLA_POLICIES_PROJECTION;
  readonly eventTypes = SLA_POLICY_EVENT_TYPES;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const states = new Map<string, SlaPoliciesState>();
    const changed = new Map<string, string>();
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as SlaPoliciesEvent;
      const teamId = event.data.teamId;
      const state = states.get(teamId) ?? (await this.load(tx, teamId));
      states.set(teamId, state);
      if (stored.streamVersion <= state.version) continue;
      states.set(teamId, { ...evolveSlaPolicies(state, event), version: stored.streamVersion });
      changed.set(teamId, stored.metadata.occurredAt);
    }
    for (const [teamId, updatedAt] of changed) {
      const state = states.get(teamId)!;
      await tx.query(
        `INSERT INTO sla_policies (team_id, policies, version, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (team_id) DO UPDATE SET policies = EXCLUDED.policies, version = EXCLUDED.version,
           updated_at = EXCLUDED.updated_at`,
        [teamId, JSON.stringify(state.policies), state.version, updatedAt],
      );
    }
  }

  private async load(tx: EntityManager, teamId: string): Promise<SlaPoliciesState> {
    const [row]: { policies: SlaPolicy[]; version: number }[] = await tx.query(
      'SELECT policies, version FROM sla_policies WHERE team_id = $1',
      [teamId],
    );
    return row ? { teamId, policies: row.policies, version: row.version } : { teamId, policies: [], version: 0 };
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE sla_policies');
  }
}
