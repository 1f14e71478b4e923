import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { Team } from '@teaminbox/contracts';
import type { Repository } from 'typeorm';
import { UserDirectory } from '../../../identity';
import { InvitationReadModel } from '../../projections/invitations/invitations.read-model';
import { TeamReadModel } from '../../projections/teams/teams.read-model';
import { GetTeamQuery } from './get-team.query';

@QueryHandler(GetTeamQuery)
export class GetTeamHandler implements IQueryHandler<GetTeamQuery, Team | null> {
  constructor(
    @InjectRepository(TeamReadModel) private readonly teams: Repository<TeamReadModel>,
    @InjectRepository(InvitationReadModel) private readonly invitations: Repository<InvitationReadModel>,
    private readonly directory: UserDirectory,
  ) {}

  /** Open invitations are listed by their public id (never the token), expired ones included until deleted. */
  async execute({ teamId }: GetTeamQuery): Promise<Team | null> {
    const team = await this.teams.findOne({ where: { id: teamId } });
    if (!team) return null;
    const [members, invitations] = await Promise.all([
      this.directory.membersOf(team.id),
      this.invitations.find({
        where: { teamId: team.id, status: 'pending' },
        order: { sentAt: 'ASC' },
        select: { id: true, email: true, role: true },
      }),
    ]);
    return {
      id: team.id,
      name: team.name,
      members,
      invitations: invitations.map(({ id, email, role }) => ({ id, email, role })),
    };
  }
}
