import { Query } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';

/** A team with its members and open invitations, or null when it does not exist (yet). */
export class GetTeamQuery extends Query<Team | null> {
  constructor(readonly teamId: string) {
    super();
  }
}
