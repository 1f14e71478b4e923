import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Clock } from '../../../../platform/auth/clock';
import { hashSecretToken, isWellFormedSecretToken } from '../../../../platform/auth/secret-token';
import { InvitationReadModel } from '../../projections/invitations/invitations.read-model';
import { GetInvitationQuery, type InvitationLookup } from './get-invitation.query';

@QueryHandler(GetInvitationQuery)
export class GetInvitationHandler implements IQueryHandler<GetInvitationQuery, InvitationLookup | null> {
  constructor(
    @InjectRepository(InvitationReadModel) private readonly invitations: Repository<InvitationReadModel>,
    private readonly clock: Clock,
  ) {}

  async execute({ token }: GetInvitationQuery): Promise<InvitationLookup | null> {
    if (!isWellFormedSecretToken(token)) return null;
    const tokenHash = hashSecretToken(token);
    const row = await this.invitations.findOne({ where: { tokenHash } });
    if (!row) return null;
    const usable = row.status === 'pending' && this.clock.now().getTime() < row.expiresAt.getTime();
    return {
      invitationId: row.id,
      teamId: row.teamId,
      email: row.email,
      tokenHash,
      state: usable ? 'usable' : 'gone',
    };
  }
}
