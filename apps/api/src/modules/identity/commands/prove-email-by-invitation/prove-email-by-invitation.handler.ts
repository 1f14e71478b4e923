import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { userDecider, userStreamId } from '../../domain/user.decider';
import { USERS_PROJECTION } from '../../projections/users/users.projection';
import { ProveEmailByInvitationCommand } from './prove-email-by-invitation.command';

@CommandHandler(ProveEmailByInvitationCommand)
export class ProveEmailByInvitationHandler implements ICommandHandler<ProveEmailByInvitationCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ userId, teamId }: ProveEmailByInvitationCommand): Promise<void> {
    await this.repository.decide(
      userStreamId(userId),
      userDecider,
      { type: 'ProveEmailByInvitation', data: {} },
      { teamId, retries: 4, waitFor: [USERS_PROJECTION] },
    );
  }
}
