import type { ActorKind } from '@teaminbox/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One event of a team as its audit trail keeps it; the key is the event's id. Read newest first per team, filtered by
 * time, actor, type and email (indexes in migration 1769300000000-team-audit).
 */
@Entity({ name: 'team_audit' })
export class TeamAuditReadModel {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @Column({ name: 'stream_id', type: 'text' })
  streamId!: string;

  @Column({ name: 'stream_version', type: 'integer' })
  streamVersion!: number;

  @Column({ type: 'text' })
  type!: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  /** The event's position in the global log: orders events of the same instant. */
  @Column({ type: 'bigint' })
  seq!: string;

  @Column({ name: 'actor_kind', type: 'text' })
  actorKind!: ActorKind;

  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  actorUserId!: string | null;

  @Column({ name: 'actor_rule_id', type: 'uuid', nullable: true })
  actorRuleId!: string | null;

  @Column({ name: 'actor_rule_name', type: 'text', nullable: true })
  actorRuleName!: string | null;

  @Column({ name: 'email_id', type: 'uuid', nullable: true })
  emailId!: string | null;

  @Column({ name: 'correlation_id', type: 'text', nullable: true })
  correlationId!: string | null;

  @Column({ name: 'causation_id', type: 'text', nullable: true })
  causationId!: string | null;

  /** The payload without secrets (redactPayload). */
  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;
}
