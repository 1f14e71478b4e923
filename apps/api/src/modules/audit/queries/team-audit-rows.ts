import type { ActorKind, AnyEventType, TeamAuditEntry, TeamAuditFilters } from '@teaminbox/contracts';
import { displayNameSql } from '../../identity';

/** A `team_audit` row as the queries select it (the payload as JSON text, so an export writes it as it is). */
export interface AuditRow {
  event_id: string;
  occurred_at: string;
  /** The instant as PostgreSQL writes it: the keyset cursor, exact to the microsecond. */
  cursor_at: string;
  seq: string;
  type: AnyEventType;
  stream_id: string;
  stream_version: number;
  actor_kind: ActorKind;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_rule_id: string | null;
  actor_rule_name: string | null;
  email_id: string | null;
  correlation_id: string | null;
  causation_id: string | null;
  payload: string;
}

/** The columns of AuditRow, for `FROM team_audit a LEFT JOIN users u ON u.id = a.actor_user_id`. */
export const AUDIT_ROW_COLUMNS = `a.event_id,
  to_char(a.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at,
  a.occurred_at::text AS cursor_at, a.seq::text AS seq, a.type, a.stream_id, a.stream_version, a.actor_kind,
  a.actor_user_id, COALESCE(${displayNameSql('u')}, u.email) AS actor_name, a.actor_rule_id, a.actor_rule_name,
  a.email_id, a.correlation_id, a.causation_id, a.payload::text AS payload`;

export const AUDIT_FROM = 'team_audit a LEFT JOIN users u ON u.id = a.actor_user_id';
export const AUDIT_NEWEST_FIRST = 'a.occurred_at DESC, a.seq DESC';

/**
 * The WHERE clause of a team's entries matching the filters, with its parameters ($1 is the team). `actorId` names a
 * member or a rule.
 */
export function auditWhere(teamId: string, filters: TeamAuditFilters): { sql: string; params: unknown[] } {
  const params: unknown[] = [teamId];
  const clauses = ['a.team_id = $1'];
  const add = (clause: (ref: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filters.from) add((ref) => `a.occurred_at >= ${ref}::timestamptz`, filters.from);
  if (filters.to) add((ref) => `a.occurred_at <= ${ref}::timestamptz`, filters.to);
  if (filters.actorId)
    add((ref) => `(a.actor_user_id = ${ref}::uuid OR a.actor_rule_id = ${ref}::uuid)`, filters.actorId);
  if (filters.type) add((ref) => `a.type = ${ref}`, filters.type);
  if (filters.emailId) add((ref) => `a.email_id = ${ref}::uuid`, filters.emailId);
  return { sql: clauses.join(' AND '), params };
}

/** An entry as the API answers it, but its payload (stored as JSON text). */
export function auditEntryHead(row: AuditRow): Omit<TeamAuditEntry, 'payload'> {
  return {
    eventId: row.event_id,
    occurredAt: row.occurred_at,
    type: row.type,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    actorKind: row.actor_kind,
    actorUserId: row.actor_user_id,
    actorName: row.actor_name,
    actorRuleId: row.actor_rule_id,
    actorRuleName: row.actor_rule_name,
    emailId: row.email_id,
    correlationId: row.correlation_id,
    causationId: row.causation_id,
  };
}

/** An entry as the API answers it. */
export function toAuditEntry(row: AuditRow): TeamAuditEntry {
  return { ...auditEntryHead(row), payload: JSON.parse(row.payload) as Record<string, unknown> };
}
