import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { pushSubscriptionsDecider, pushSubscriptionsStreamId } from '../../domain/push-subscriptions.decider';
import { RemoveExpiredPushSubscriptionCommand } from './remove-expired-push-subscription.command';

@CommandHandler(RemoveExpiredPushSubscriptionCommand)
export class RemoveExpiredPushSubscriptionHandler implements ICommandHandler<
  RemoveExpiredPushSubscriptionCommand,
  void
> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ userId, subscriptionId }: RemoveExpiredPushSubscriptionCommand): Promise<void> {
    await this.repository.decide(
      pushSubscriptionsStreamId(userId),
      pushSubscriptionsDecider,
      { type: 'RemoveExpiredPushSubscription', userId, subscriptionId },
      { teamId: null, retries: 3 },
    );
  }
}
