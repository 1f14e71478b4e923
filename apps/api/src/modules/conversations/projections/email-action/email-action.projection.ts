import { Injectable } from '@nestjs/common';
import type { DomainEventMap, EmailActionType, EventMetadata } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const EMAIL_ACTION_PROJECTION = 'email-action';

const TYPE_OF: Record<string, EmailActionType> = {
  EmailAssigned: 'ASSIGN',
  EmailUnassigned: 'UNASSIGN',
  EmailLabelAdded: 'LABEL_ADDED',
  EmailLabelRemoved: 'LABEL_REMOVED',
  EmailArchived: 'ARCHIVED',
  EmailUnarchived: 'UNARCHIVED',
  EmailMarkedSpam: 'SPAM',
  EmailMarkedNotSpam: 'NOT_SPAM',
  EmailStatusChanged: 'STATUS_CHANGED',
  EmailPriorityChanged: 'PRIORITY_CHANGED',
};

/**
 * Writes `email_action`, the email's action log: the server logs assignment, label, archive, spam, status and
 * priority changes itself from their events; entries clients post arrive as EmailActionLogged. The actor comes from
 * the event's metadata: a member, a rule (its id and its name at the time) or the system.
 */
@Injectable()
export class EmailActionProjection implements Projection {
  readonly name = EMAIL_ACTION_PROJECTION;
  readonly eventTypes = [...Object.keys(TYPE_OF), 'EmailActionLogged'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events.flatMap((event) => {
      const data = event.data as { emailId: string; teamId: string };
      const metadata = event.metadata as Partial<EventMetadata> | undefined;
      const base = {
        id: event.eventId,
        team_id: data.teamId,
        email_id: data.emailId,
        actor_user_id: metadata?.actorUserId ?? null,
        actor_kind: metadata?.actorKind ?? (metadata?.actorUserId ? 'user' : 'system'),
        actor_rule_id: metadata?.actorRule?.id ?? null,
        actor_rule_name: metadata?.actorRule?.name ?? null,
        seq: event.position.prepare.toString(),
        created_at: metadata?.occurredAt ?? event.recordedAt.toISOString(),
      };
      if (event.type === 'EmailActionLogged') {
        const logged = event.data as DomainEventMap['EmailActionLogged'];
        return [{ ...base, type: logged.type, details: logged.details }];
      }
      const type = TYPE_OF[event.type];
      if (!type) return [];
      return [{ ...base, type, details: detailsOf(event) }];
    });
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO email_action (id, team_id, email_id, type, actor_user_id, actor_kind, actor_rule_id, actor_rule_name,
                                 details, created_at, seq)
       SELECT r.id, r.team_id, r.email_id, r.type, r.actor_user_id, r.actor_kind, r.actor_rule_id, r.actor_rule_name,
              COALESCE(r.details, '{}'::jsonb), r.created_at, r.seq
         FROM json_to_recordset($1::json) AS r(id uuid, team_id uuid, email_id uuid, type text, actor_user_id uuid,
              actor_kind text, actor_rule_id uuid, actor_rule_name text, details jsonb, created_at timestamptz,
              seq bigint)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }

  /**
   * Written again as the events now read: an erased assignee's name in their assignments, and the details of the
   * entries clients posted about an erased sender's email.
   */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events
      .filter((event) => event.type === 'EmailAssigned')
      .map((event) => ({ id: event.eventId, name: (event.data as DomainEventMap['EmailAssigned']).assignedToName }));
    if (rows.length > 0)
      await tx.query(
        `UPDATE email_action a SET details = a.details || jsonb_build_object('assignedToName', r.name)
           FROM json_to_recordset($1::json) AS r(id uuid, name text)
          WHERE a.id = r.id`,
        [JSON.stringify(rows)],
      );
    const logged = events
      .filter((event) => event.type === 'EmailActionLogged')
      .map((event) => ({ id: event.eventId, details: (event.data as DomainEventMap['EmailActionLogged']).details }));
    if (logged.length > 0)
      await tx.query(
        `UPDATE email_action a SET details = COALESCE(r.details, '{}'::jsonb)
           FROM json_to_recordset($1::json) AS r(id uuid, details jsonb)
          WHERE a.id = r.id`,
        [JSON.stringify(logged)],
      );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE email_action');
  }
}

function detailsOf(event: StoredEvent): Record<string, unknown> {
  switch (event.type) {
    case 'EmailAssigned': {
      const data = event.data as DomainEventMap['EmailAssigned'];
      return { assignedTo: data.assignedTo, assignedToName: data.assignedToName };
    }
    case 'EmailUnassigned': {
      const data = event.data as DomainEventMap['EmailUnassigned'];
      return { assignedTo: null, previousAssignee: data.previousAssignee };
    }
    case 'EmailLabelAdded':
    case 'EmailLabelRemoved': {
      const data = event.data as DomainEventMap['EmailLabelAdded'];
      return { labelId: data.labelId, labelName: data.labelName };
    }
    case 'EmailStatusChanged': {
      const data = event.data as DomainEventMap['EmailStatusChanged'];
      return { status: data.status, previousStatus: data.previousStatus };
    }
    case 'EmailPriorityChanged': {
      const data = event.data as DomainEventMap['EmailPriorityChanged'];
      return { priority: data.priority, previousPriority: data.previousPriority };
    }
    default:
      return {};
  }
}
