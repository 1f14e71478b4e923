import type { ActorKind, TeamActivityDetails, TeamActivityType } from '@teaminbox/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One entry of a team's activity log; its id is the id of the event it records. Read newest first per team
 * (index `team_activity_newest` on team_id, created_at DESC, seq DESC).
 */
@Entity({ name: 'team_activity' })
export class TeamActivityReadModel {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @Column({ type: 'text' })
  type!: TeamActivityType;

  @Column({ name: 'email_id', type: 'uuid', nullable: true })
  emailId!: string | null;

  /** The member the entry is about (joined, removed, role changed): named when read. */
  @Column({ name: 'member_user_id', type: 'uuid', nullable: true })
  memberUserId!: string | null;

  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  actorUserId!: string | null;

  @Column({ name: 'actor_kind', type: 'text' })
  actorKind!: ActorKind;

  @Column({ name: 'actor_rule_id', type: 'uuid', nullable: true })
  actorRuleId!: string | null;

  /** The rule's name when it acted. */
  @Column({ name: 'actor_rule_name', type: 'text', nullable: true })
  actorRuleName!: string | null;

  @Column({ type: 'jsonb' })
  details!: TeamActivityDetails;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The event's position in the global log: orders entries of the same instant. */
  @Column({ type: 'bigint' })
  seq!: string;
}
