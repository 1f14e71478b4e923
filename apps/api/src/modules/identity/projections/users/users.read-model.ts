import type { Role } from '@teaminbox/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One row per account: its address, name, team membership (at most one team) and session version. */
@Entity({ name: 'users' })
export class UserReadModel {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Unique among the accounts that have one: an erased account's reads "[erased]". */
  @Index('users_email_key', { unique: true, where: "email <> '[erased]'" })
  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName!: string | null;

  @Index('users_team_id_idx')
  @Column({ name: 'team_id', type: 'uuid', nullable: true })
  teamId!: string | null;

  @Column({ type: 'text', nullable: true })
  role!: Role | null;

  /** Raised by a password change or a removal from the team: tokens with an older `sv` claim are refused. */
  @Column({ name: 'session_version', type: 'integer', default: 0 })
  sessionVersion!: number;

  @Column({ name: 'registered_at', type: 'timestamptz' })
  registeredAt!: Date;

  /**
   * When the address was proven (a login link sent to it used, or an invitation sent to it accepted); null while
   * unproven: no invitations are sent and no notification is emailed for the account then.
   */
  @Column({ name: 'email_proven_at', type: 'timestamptz', nullable: true })
  emailProvenAt!: Date | null;
}

/** The spec's display name: first + last name when set, else the email address. */
export function displayName(user: Pick<UserReadModel, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || user.email;
}
