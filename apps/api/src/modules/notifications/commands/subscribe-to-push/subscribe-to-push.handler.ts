import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PUSH_ENDPOINT_NOT_ALLOWED_MESSAGE, type SuccessMessageResponse } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { assertOutboundUrlAllowed, hostGuardOf, OutboundUrlNotAllowedError } from '../../../../platform/net';
import { pushSubscriptionsDecider, pushSubscriptionsStreamId } from '../../domain/push-subscriptions.decider';
import { PUSH_SUBSCRIPTION_PROJECTION } from '../../projections/push-subscription/push-subscription.projection';
import { SubscribeToPushCommand } from './subscribe-to-push.command';

/** The endpoint is an address a browser gave: it must be public https (checked again at every push). */
@CommandHandler(SubscribeToPushCommand)
export class SubscribeToPushHandler implements ICommandHandler<SubscribeToPushCommand, SuccessMessageResponse> {
  constructor(
    private readonly repository: EventSourcedRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, subscription }: SubscribeToPushCommand): Promise<SuccessMessageResponse> {
    try {
      await assertOutboundUrlAllowed(subscription.endpoint, hostGuardOf(this.config));
    } catch (error) {
      if (error instanceof OutboundUrlNotAllowedError)
        throw new DomainError('invalid', PUSH_ENDPOINT_NOT_ALLOWED_MESSAGE);
      throw error;
    }
    await this.repository.decide(
      pushSubscriptionsStreamId(userId),
      pushSubscriptionsDecider,
      {
        type: 'SubscribeToPush',
        userId,
        subscriptionId: uuidv7(),
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      },
      { teamId: null, retries: 3, waitFor: [PUSH_SUBSCRIPTION_PROJECTION] },
    );
    return { success: true, message: 'Push notifications are on for this browser' };
  }
}
