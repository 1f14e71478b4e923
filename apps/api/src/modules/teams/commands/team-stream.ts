import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { EventSourcedRepository } from '../../../platform/event-sourcing';
import { ClaimTeamSeatCommand, ReleaseTeamSeatCommand } from '../../identity';
import { type TeamCommand, teamDecider, teamStreamId } from '../domain/team.decider';

/**
 * Commands on a team's stream, decided again when another writer appended first, and the seat on the user's
 * stream (a command of the identity context) that guards "one team per user".
 */
@Injectable()
export class TeamStream {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly commands: CommandBus,
  ) {}

  decide(teamId: string, command: TeamCommand): Promise<AppendResult | null> {
    return this.repository.decide(teamStreamId(teamId), teamDecider, command, {
      teamId,
      retries: 4,
      conflictMessage: 'The team was changed concurrently; try again.',
    });
  }

  /** Takes the user's seat for teamId; true when this call took it (false: the user already held it). */
  claimSeat(userId: string, teamId: string): Promise<boolean> {
    return this.commands.execute(new ClaimTeamSeatCommand(userId, teamId));
  }

  /**
   * Gives the seat back after a failed join, unless the user is a member of the team after all (a
   * concurrent request of the same user may have joined with the seat this one took).
   */
  async undoClaim(userId: string, teamId: string): Promise<void> {
    const { state } = await this.repository.load(teamStreamId(teamId), teamDecider);
    if (state.status === 'created' && state.members[userId]) return;
    await this.releaseSeat(userId, teamId);
  }

  releaseSeat(userId: string, teamId: string): Promise<void> {
    return this.commands.execute(new ReleaseTeamSeatCommand(userId, teamId));
  }
}
