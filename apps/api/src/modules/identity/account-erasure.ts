import { Inject, Injectable } from '@nestjs/common';
import type { TeamMembershipClaimed } from '@teaminbox/contracts';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store.port';
import { userStreamId } from './domain/user.decider';
import { UserDirectory } from './user-directory';

/**
 * Whose account a team may erase. An account (its registration address, sealed in the account scope) is not a
 * team's record: a team's ADMIN erases it only when the account belongs to that team alone, i.e. it is a member of
 * that team now, or of no team now and it never took a seat in another one. Anything else (a member of another team
 * now, an account that was in several teams, one that never joined a team) is left to the person's account itself.
 */
@Injectable()
export class AccountErasure {
  constructor(
    private readonly directory: UserDirectory,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** The id of the account with this address when this team may erase it, else null. */
  async erasableBy(teamId: string, email: string): Promise<string | null> {
    const user = await this.directory.byEmail(email);
    if (!user) return null;
    if (user.teamId !== null) return user.teamId === teamId ? user.id : null;
    const teams = new Set(
      (await this.store.readStream(userStreamId(user.id)))
        .filter((event) => event.type === 'TeamMembershipClaimed')
        .map((event) => (event.data as TeamMembershipClaimed).teamId),
    );
    return teams.size === 1 && teams.has(teamId) ? user.id : null;
  }
}
