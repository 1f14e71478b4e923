import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { Team } from '@teaminbox/contracts';
import type { Repository } from 'typeorm';
import { UserDirectory } from '../../../identity/user-directory';
import { TeamReadModel } from '../../projections/teams/teams.read-model';
import { GetTeamQuery } from './get-team.query';

@QueryHandler(GetTeamQuery)
export class GetTeamHandler implements IQueryHandler<GetTeamQuery, Team | null> {
  constructor(
    @InjectRepository(TeamReadModel) private readonly teams: Repository<TeamReadModel>,
    private readonly directory: UserDirectory,
  ) {}

  async execute({ userId }: GetTeamQuery): Promise<Team | null> {
    const membership = await this.directory.membershipOf(userId);
    if (!membership) return null;
    const team = await this.teams.findOne({ where: { id: membership.teamId } });
    if (!team) return null;
    return { id: team.id, name: team.name, members: await this.directory.membersOf(team.id), invitations: [] };
  }
}
