import { Query } from '@nestjs/cqrs';
import type { TeamMember } from '@teaminbox/contracts';

/** The members of the caller's team; empty when the caller has none. */
export class ListTeamMembersQuery extends Query<TeamMember[]> {
  constructor(readonly userId: string) {
    super();
  }
}
