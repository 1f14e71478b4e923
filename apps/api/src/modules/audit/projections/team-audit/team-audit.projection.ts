import { Injectable } from '@nestjs/common';
import { AUDIT_EVENT_TYPES, type EventMetadata } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { redactPayload } from '../../domain/audit-redaction';

export const TEAM_AUDIT_PROJECTION = 'team-audit';

/** The columns of one `team_audit` row, in the order of INSERT_COLUMNS. */
const INSERT_COLUMNS = [
  'event_id',
  'team_id',
  'stream_id',
  'stream_version',
  'type',
  'occurred_at',
  'seq',
  'actor_kind',
  'actor_user_id',
  'actor_rule_id',
  'actor_rule_name',
  'email_id',
  'correlation_id',
  'causation_id',
  'payload',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrNull = (value: unknown): string | null => (typeof value === 'string' && UUID.test(value) ? value : null);

/** The row of an event of a team, or undefined for an event of no team. */
export function auditRowOf(event: StoredEvent): unknown[] | undefined {
  const data = (event.data ?? {}) as { teamId?: unknown; emailId?: unknown };
  const metadata = (event.metadata ?? {}) as Partial<EventMetadata>;
  const teamId = uuidOrNull(data.teamId) ?? uuidOrNull(metadata.teamId);
  if (!teamId) return undefined;
  const actorUserId = uuidOrNull(metadata.actorUserId);
  return [
    event.eventId,
    teamId,
    event.streamId,
    event.streamVersion,
    event.type,
    metadata.occurredAt ?? event.recordedAt.toISOString(),
    event.position.prepare.toString(),
    metadata.actorKind ?? (actorUserId ? 'user' : 'system'),
    actorUserId,
    uuidOrNull(metadata.actorRule?.id),
    metadata.actorRule?.name ?? null,
    uuidOrNull(data.emailId),
    metadata.correlationId ?? null,
    metadata.causationId ?? null,
    JSON.stringify(redactPayload(event.type, event.data)),
  ];
}

const AUDITED_TYPES: ReadonlySet<string> = new Set(AUDIT_EVENT_TYPES);

/** Rows per INSERT statement (15 parameters each, under PostgreSQL's 65535). */
const ROWS_PER_INSERT = 1000;

/**
 * Writes `team_audit`: one row per event of a team (the team named by the payload, else by the metadata), with its
 * actor, the email it concerns, its correlation and causation, and its payload without secrets (redactPayload).
 */
@Injectable()
export class TeamAuditProjection implements Projection {
  readonly name = TEAM_AUDIT_PROJECTION;
  readonly eventTypes = AUDIT_EVENT_TYPES;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events.map(auditRowOf).filter((row): row is unknown[] => row !== undefined);
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + ROWS_PER_INSERT);
      const values = chunk.map(
        (_, row) =>
          `(${INSERT_COLUMNS.map((__, column) => `$${row * INSERT_COLUMNS.length + column + 1}`).join(', ')})`,
      );
      await tx.query(
        `INSERT INTO team_audit (${INSERT_COLUMNS.join(', ')}) VALUES ${values.join(', ')}
         ON CONFLICT (event_id) DO NOTHING`,
        chunk.flat(),
      );
    }
  }

  /** The payloads of an erased subject's events, written again as they now read ("[erased]" fields). */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events
      .filter((event) => AUDITED_TYPES.has(event.type))
      .map((event) => ({ event_id: event.eventId, payload: redactPayload(event.type, event.data) }));
    if (rows.length === 0) return;
    await tx.query(
      `UPDATE team_audit a SET payload = r.payload
         FROM json_to_recordset($1::json) AS r(event_id uuid, payload jsonb)
        WHERE a.event_id = r.event_id`,
      [JSON.stringify(rows)],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE team_audit');
  }
}
