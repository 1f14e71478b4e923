import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { userDecider, userStreamId } from '../../domain/user.decider';
import { ClaimTeamSeatCommand } from './claim-team-seat.command';
import { seatOptions } from './team-seat';

@CommandHandler(ClaimTeamSeatCommand)
export class ClaimTeamSeatHandler implements ICommandHandler<ClaimTeamSeatCommand, boolean> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ userId, teamId }: ClaimTeamSeatCommand): Promise<boolean> {
    const command = { type: 'ClaimTeamMembership', data: { teamId } } as const;
    return (await this.repository.decide(userStreamId(userId), userDecider, command, seatOptions(teamId))) !== null;
  }
}
