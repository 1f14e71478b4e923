import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { TeamMember } from '@teaminbox/contracts';
import { UserDirectory } from '../../../identity';
import { ListTeamMembersQuery } from './list-team-members.query';

@QueryHandler(ListTeamMembersQuery)
export class ListTeamMembersHandler implements IQueryHandler<ListTeamMembersQuery, TeamMember[]> {
  constructor(private readonly directory: UserDirectory) {}

  async execute({ userId }: ListTeamMembersQuery): Promise<TeamMember[]> {
    const membership = await this.directory.membershipOf(userId);
    return membership ? this.directory.membersOf(membership.teamId) : [];
  }
}
