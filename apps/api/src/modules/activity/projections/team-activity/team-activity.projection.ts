import { Injectable } from '@nestjs/common';
import type { EventMetadata, TeamActivityDetails } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import {
  ACTIVITY_EVENT_TYPES,
  type ActivityAmendment,
  type ActivityEntryDraft,
  activityOf,
  changesBetween,
} from '../../domain/activity-entries';

export const TEAM_ACTIVITY_PROJECTION = 'team-activity';

interface Memo {
  entry_id: string;
  details: TeamActivityDetails;
  hidden: Record<string, unknown> | null;
}

/**
 * Writes `team_activity`, each team's activity log, from the events ACTIVITY_ENTRIES maps (in log order, so what an
 * entry remembers is there for the events after it), and `team_activity_memo`, what it remembers.
 */
@Injectable()
export class TeamActivityProjection implements Projection {
  readonly name = TEAM_ACTIVITY_PROJECTION;
  readonly eventTypes = ACTIVITY_EVENT_TYPES;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      const draft = activityOf(event.type, event.data);
      const teamId = (event.data as { teamId?: string | null }).teamId ?? event.metadata?.teamId;
      if (!draft || !teamId) continue;
      if (draft.kind === 'amend') await this.amend(tx, teamId, draft);
      else await this.record(tx, teamId, event, draft);
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE team_activity, team_activity_memo');
  }

  private async record(tx: EntityManager, teamId: string, event: StoredEvent, draft: ActivityEntryDraft) {
    let details = draft.details;
    let recorded = true;
    if (draft.recall) {
      const memo = await this.memo(tx, teamId, draft.recall);
      if (memo) details = { ...memo.details, ...details };
    }
    if (draft.compare) {
      const memo = await this.memo(tx, teamId, draft.compare);
      if (memo) {
        const { changed, previous } = changesBetween(
          { details: memo.details, hidden: memo.hidden ?? undefined },
          { details: draft.details, hidden: draft.hidden },
        );
        recorded = changed.length > 0;
        details = { ...details, changed, previous };
      }
    }
    if (recorded) await this.insert(tx, teamId, event, draft, details);
    if (draft.remember) {
      await tx.query(
        `INSERT INTO team_activity_memo (team_id, key, entry_id, details, hidden) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (team_id, key) DO UPDATE
           SET details = EXCLUDED.details, hidden = EXCLUDED.hidden,
               entry_id = CASE WHEN $6 THEN EXCLUDED.entry_id ELSE team_activity_memo.entry_id END`,
        [
          teamId,
          draft.remember,
          event.eventId,
          JSON.stringify(draft.details),
          draft.hidden ? JSON.stringify(draft.hidden) : null,
          recorded,
        ],
      );
    }
  }

  private async insert(
    tx: EntityManager,
    teamId: string,
    event: StoredEvent,
    draft: ActivityEntryDraft,
    details: TeamActivityDetails,
  ) {
    const metadata = (event.metadata ?? {}) as Partial<EventMetadata>;
    const actorUserId = metadata.actorUserId ?? null;
    await tx.query(
      `INSERT INTO team_activity (id, team_id, type, email_id, member_user_id, actor_user_id, actor_kind, actor_rule_id,
                                  actor_rule_name, details, created_at, seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (id) DO NOTHING`,
      [
        event.eventId,
        teamId,
        draft.type,
        draft.emailId ?? null,
        draft.memberId ?? null,
        actorUserId,
        metadata.actorKind ?? (actorUserId ? 'user' : 'system'),
        metadata.actorRule?.id ?? null,
        metadata.actorRule?.name ?? null,
        JSON.stringify(details),
        metadata.occurredAt ?? event.recordedAt.toISOString(),
        event.position.prepare.toString(),
      ],
    );
  }

  private async amend(tx: EntityManager, teamId: string, draft: ActivityAmendment) {
    await tx.query(
      `UPDATE team_activity SET details = details || $3::jsonb
        WHERE team_id = $1 AND id = (SELECT entry_id FROM team_activity_memo WHERE team_id = $1 AND key = $2)`,
      [teamId, draft.key, JSON.stringify(draft.details)],
    );
  }

  private async memo(tx: EntityManager, teamId: string, key: string): Promise<Memo | undefined> {
    const [memo]: Memo[] = await tx.query(
      'SELECT entry_id, details, hidden FROM team_activity_memo WHERE team_id = $1 AND key = $2',
      [teamId, key],
    );
    return memo;
  }
}
