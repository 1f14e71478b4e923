import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { TeamMember } from '@teaminbox/contracts';
import { UserDirectory } from '../../../identity';
import { ListTeamMembersQuery } from './list-team-members.query';

@QueryHandler(ListTeamMembersQuery)
export class ListTeamMembersHandler implements IQueryHandler<ListTeamMembersQuery, TeamMember[]> {
  constructor(private readonly directory: UserDirectory) {}

  async execute({ teamId }: ListTeamMembersQuery): Promise<TeamMember[]> {
    return teamId ? this.directory.membersOf(teamId) : [];
  }
}
