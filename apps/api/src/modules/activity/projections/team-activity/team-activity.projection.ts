import { Injectable } from '@nestjs/common';
import type {
  EmailAssigned,
  EventMetadata,
  InvitationSent,
  OutboxEventMap,
  TeamActivityDetails,
} from '@teaminbox/contracts';
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
    // Plain entries (most of a batch: an email's assignments, labels, priorities) go in one INSERT; the batch is
    // written in log order all the same, since the entries gathered so far are inserted before any entry that reads or
    // writes what the projection remembers, and before an amendment of an earlier entry.
    const plain: Record<string, unknown>[] = [];
    const flush = async () => {
      if (plain.length === 0) return;
      await tx.query(
        `INSERT INTO team_activity (id, team_id, type, email_id, member_user_id, actor_user_id, actor_kind, actor_rule_id,
                                    actor_rule_name, details, created_at, seq)
         SELECT r.id, r.team_id, r.type, r.email_id, r.member_user_id, r.actor_user_id, r.actor_kind, r.actor_rule_id,
                r.actor_rule_name, r.details, r.created_at, r.seq
           FROM json_to_recordset($1::json) AS r(id uuid, team_id uuid, type text, email_id uuid, member_user_id uuid,
                actor_user_id uuid, actor_kind text, actor_rule_id uuid, actor_rule_name text, details jsonb,
                created_at timestamptz, seq bigint)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(plain.splice(0))],
      );
    };
    for (const event of events) {
      const draft = activityOf(event.type, event.data, event.metadata?.occurredAt);
      const teamId = (event.data as { teamId?: string | null }).teamId ?? event.metadata?.teamId;
      if (!draft || !teamId) continue;
      if (
        draft.kind === 'entry' &&
        !draft.recall &&
        !draft.compare &&
        !draft.remember &&
        !draft.consult &&
        !draft.amends
      ) {
        plain.push(this.row(teamId, event, draft, draft.details));
        continue;
      }
      await flush();
      if (draft.kind === 'amend') await this.amend(tx, teamId, draft);
      else await this.record(tx, teamId, event, draft);
    }
    await flush();
  }

  /**
   * The entries that copied an erased person's fields, written again as the events now read: replies written to
   * them, invitations of them, assignments to them.
   */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    await this.rewriteReplies(events, tx);
    await this.rewriteInvitees(events, tx);
    await this.rewriteAssignees(events, tx);
    await this.rewriteLoggedActions(events, tx);
  }

  /**
   * The entries of an erased person's replies: a queued reply's subject and recipients (in its entry and in what the
   * projection remembers of it) and a failure's error, written again as the events now read; the rest of each entry
   * (its status after the delivery) stays, as a rebuild would write it.
   */
  private async rewriteReplies(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      const teamId = (event.data as { teamId?: string | null }).teamId ?? event.metadata?.teamId;
      if (!teamId) continue;
      if (event.type === 'ReplyQueued') {
        const { replyId, subject, to } = event.data as OutboxEventMap['ReplyQueued'];
        const personal = JSON.stringify({ subject, to });
        await tx.query(`UPDATE team_activity SET details = details || $3::jsonb WHERE team_id = $1 AND id = $2`, [
          teamId,
          event.eventId,
          personal,
        ]);
        await tx.query(`UPDATE team_activity_memo SET details = details || $3::jsonb WHERE team_id = $1 AND key = $2`, [
          teamId,
          `reply:${replyId}`,
          personal,
        ]);
      } else if (event.type === 'ReplyFailed') {
        const { replyId, error } = event.data as OutboxEventMap['ReplyFailed'];
        await this.amend(tx, teamId, { kind: 'amend', key: `reply:${replyId}`, details: { error } });
      }
    }
  }

  /**
   * An erased invitee: the address of their invitations written again as the events now read it ("[erased]"), in
   * the invitation's entry, in what the projection remembers of it and in the entry of its deletion (which recalled
   * it), as a replay would write them.
   */
  private async rewriteInvitees(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events
      .filter((event) => event.type === 'InvitationSent')
      .map((event) => {
        const { teamId, invitationId, email } = event.data as InvitationSent;
        return {
          event_id: event.eventId,
          team_id: teamId,
          key: `invitation:${invitationId}`,
          invitation_id: invitationId,
          email,
        };
      });
    if (rows.length === 0) return;
    const recordset = `json_to_recordset($1::json) AS r(event_id uuid, team_id uuid, key text, invitation_id text, email text)`;
    const parameters = [JSON.stringify(rows)];
    await tx.query(
      `UPDATE team_activity a SET details = a.details || jsonb_build_object('email', r.email)
         FROM ${recordset}
        WHERE a.id = r.event_id AND a.team_id = r.team_id`,
      parameters,
    );
    await tx.query(
      `UPDATE team_activity_memo m SET details = m.details || jsonb_build_object('email', r.email)
         FROM ${recordset}
        WHERE m.team_id = r.team_id AND m.key = r.key AND m.details ? 'email'`,
      parameters,
    );
    await tx.query(
      `UPDATE team_activity a SET details = a.details || jsonb_build_object('email', r.email)
         FROM ${recordset}
        WHERE a.team_id = r.team_id AND a.type = 'INVITATION_DELETED' AND a.details->>'invitationId' = r.invitation_id
          AND a.details ? 'email'`,
      parameters,
    );
  }

  /** An erased assignee: the name their assignments' entries recorded. */
  private async rewriteAssignees(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events
      .filter((event) => event.type === 'EmailAssigned')
      .map((event) => ({ id: event.eventId, name: (event.data as EmailAssigned).assignedToName }));
    if (rows.length === 0) return;
    await tx.query(
      `UPDATE team_activity a SET details = a.details || jsonb_build_object('assignedToName', r.name)
         FROM json_to_recordset($1::json) AS r(id uuid, name text)
        WHERE a.id = r.id AND a.type = 'ASSIGN'`,
      [JSON.stringify(rows)],
    );
  }

  /** The entries clients posted about an erased sender's email: their details, as the mapping writes them. */
  private async rewriteLoggedActions(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events.flatMap((event) => {
      if (event.type !== 'EmailActionLogged') return [];
      const draft = activityOf(event.type, event.data);
      return draft && draft.kind === 'entry' ? [{ id: event.eventId, details: draft.details }] : [];
    });
    if (rows.length === 0) return;
    await tx.query(
      `UPDATE team_activity a SET details = r.details
         FROM json_to_recordset($1::json) AS r(id uuid, details jsonb)
        WHERE a.id = r.id`,
      [JSON.stringify(rows)],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE team_activity, team_activity_memo');
  }

  private async record(tx: EntityManager, teamId: string, event: StoredEvent, entry: ActivityEntryDraft) {
    let draft = entry;
    let details = draft.details;
    let recorded = true;
    if (draft.consult) {
      const memo = await this.memo(tx, teamId, draft.consult.key);
      const consulted = draft.consult.shown(memo?.details);
      draft = { ...draft, type: consulted.type ?? draft.type };
      details = { ...details, ...consulted.details };
    }
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
    if (draft.amends) await this.amend(tx, teamId, draft.amends);
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
    const row = this.row(teamId, event, draft, details);
    await tx.query(
      `INSERT INTO team_activity (id, team_id, type, email_id, member_user_id, actor_user_id, actor_kind, actor_rule_id,
                                  actor_rule_name, details, created_at, seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (id) DO NOTHING`,
      [
        row.id,
        row.team_id,
        row.type,
        row.email_id,
        row.member_user_id,
        row.actor_user_id,
        row.actor_kind,
        row.actor_rule_id,
        row.actor_rule_name,
        JSON.stringify(row.details),
        row.created_at,
        row.seq,
      ],
    );
  }

  /** The row of one entry (details as a value, not as JSON text). */
  private row(teamId: string, event: StoredEvent, draft: ActivityEntryDraft, details: TeamActivityDetails) {
    const metadata = (event.metadata ?? {}) as Partial<EventMetadata>;
    const actorUserId = metadata.actorUserId ?? null;
    return {
      id: event.eventId,
      team_id: teamId,
      type: draft.type,
      email_id: draft.emailId ?? null,
      member_user_id: draft.memberId ?? null,
      actor_user_id: actorUserId,
      actor_kind: metadata.actorKind ?? (actorUserId ? 'user' : 'system'),
      actor_rule_id: metadata.actorRule?.id ?? null,
      actor_rule_name: metadata.actorRule?.name ?? null,
      details,
      created_at: metadata.occurredAt ?? event.recordedAt.toISOString(),
      seq: event.position.prepare.toString(),
    };
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
