import { Inject, Injectable } from '@nestjs/common';
import { type AppendResult, EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port';
import { userDecider, userStreamId } from '../../identity';
import {
  DomainError,
  foldEvents,
  type CommandContext,
  toDomainEvents,
  EventSourcedRepository,
} from '../../../platform/event-sourcing';
import { type TeamCommand, teamDecider, type TeamEvent, teamStreamId } from '../domain/team.decider';

const CONCURRENT_MESSAGE = 'The team was changed concurrently; try again.';
const ATTEMPTS = 5;

/**
 * Commands on a team's stream, retried when another writer appended first (the decision is made
 * again on the new state), and the user-stream seat that guards "one team per user".
 */
@Injectable()
export class TeamStream {
  constructor(
    private readonly repository: EventSourcedRepository,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async decide(teamId: string, command: TeamCommand, context: CommandContext): Promise<AppendResult | null> {
    return retryOnConcurrency(() =>
      this.repository.decide(teamStreamId(teamId), teamDecider, command, context, {
        conflictMessage: CONCURRENT_MESSAGE,
      }),
    );
  }

  /** Takes the user's seat for teamId; true when this call took it (false: the user already held it). */
  async claimSeat(userId: string, teamId: string, context: CommandContext): Promise<boolean> {
    const appended = await retryOnConcurrency(() =>
      this.repository.decide(
        userStreamId(userId),
        userDecider,
        { type: 'ClaimTeamMembership', data: { teamId } },
        context,
        { conflictMessage: CONCURRENT_MESSAGE },
      ),
    );
    return appended !== null;
  }

  /**
   * Gives the seat back after a failed join, unless the user is a member of the team after all (a
   * concurrent request of the same user may have joined with the seat this one took).
   */
  async undoClaim(userId: string, teamId: string, context: CommandContext): Promise<void> {
    const stored = await this.store.readStream(teamStreamId(teamId));
    const state = foldEvents(teamDecider, toDomainEvents(stored, teamDecider.eventTypes) as TeamEvent[]);
    if (state.status === 'created' && state.members[userId]) return;
    await this.releaseSeat(userId, teamId, context);
  }

  async releaseSeat(userId: string, teamId: string, context: CommandContext): Promise<void> {
    await retryOnConcurrency(() =>
      this.repository.decide(
        userStreamId(userId),
        userDecider,
        { type: 'ReleaseTeamMembership', data: { teamId } },
        context,
        { conflictMessage: CONCURRENT_MESSAGE },
      ),
    );
  }
}

async function retryOnConcurrency<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const concurrent = error instanceof DomainError && error.message === CONCURRENT_MESSAGE;
      if (!concurrent || attempt >= ATTEMPTS) throw error;
    }
  }
}
