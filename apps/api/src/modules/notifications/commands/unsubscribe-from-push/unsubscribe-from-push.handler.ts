import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { pushSubscriptionsDecider, pushSubscriptionsStreamId } from '../../domain/push-subscriptions.decider';
import { PUSH_SUBSCRIPTION_PROJECTION } from '../../projections/push-subscription/push-subscription.projection';
import { UnsubscribeFromPushCommand } from './unsubscribe-from-push.command';

@CommandHandler(UnsubscribeFromPushCommand)
export class UnsubscribeFromPushHandler implements ICommandHandler<UnsubscribeFromPushCommand, SuccessMessageResponse> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ userId, endpoint }: UnsubscribeFromPushCommand): Promise<SuccessMessageResponse> {
    await this.repository.decide(
      pushSubscriptionsStreamId(userId),
      pushSubscriptionsDecider,
      { type: 'UnsubscribeFromPush', userId, endpoint },
      { teamId: null, retries: 3, waitFor: [PUSH_SUBSCRIPTION_PROJECTION] },
    );
    return { success: true, message: 'Push notifications are off for this browser' };
  }
}
