import { Query } from '@nestjs/cqrs';
import type { TeamMember } from '@teaminbox/contracts';

/** The members of a team; empty for a caller without one (teamId null). */
export class ListTeamMembersQuery extends Query<TeamMember[]> {
  constructor(readonly teamId: string | null) {
    super();
  }
}
