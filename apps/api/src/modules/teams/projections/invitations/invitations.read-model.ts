import type { Role } from '@teaminbox/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type InvitationStatus = 'pending' | 'accepted' | 'deleted';

/** One row per invitation of a team; looked up by the SHA-256 of the emailed token. */
@Entity({ name: 'team_invitations' })
export class InvitationReadModel {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('team_invitations_team_idx')
  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @Column({ type: 'text' })
  email!: string;

  @Index('team_invitations_token_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ type: 'text' })
  status!: InvitationStatus;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'invited_by', type: 'uuid' })
  invitedBy!: string;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt!: Date;

  /** The role the invitee joins with. */
  @Column({ type: 'text', default: 'MEMBER' })
  role!: Role;
}
