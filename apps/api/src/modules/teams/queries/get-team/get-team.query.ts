import { Query } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';

/** The caller's team with its members and open invitations, or null when the caller has none. */
export class GetTeamQuery extends Query<Team | null> {
  constructor(readonly userId: string) {
    super();
  }
}
