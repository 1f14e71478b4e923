import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { userDecider, userStreamId } from '../../domain/user.decider';
import { seatOptions } from '../claim-team-seat/team-seat';
import { ReleaseTeamSeatCommand } from './release-team-seat.command';

@CommandHandler(ReleaseTeamSeatCommand)
export class ReleaseTeamSeatHandler implements ICommandHandler<ReleaseTeamSeatCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ userId, teamId }: ReleaseTeamSeatCommand): Promise<void> {
    const command = { type: 'ReleaseTeamMembership', data: { teamId } } as const;
    await this.repository.decide(userStreamId(userId), userDecider, command, seatOptions(teamId));
  }
}
