import { Command } from '@nestjs/cqrs';
import type { SuccessMessageResponse, TPushSubscriptionRequest } from '@teaminbox/contracts';

/** Subscribes one of the caller's browsers to push. */
export class SubscribeToPushCommand extends Command<SuccessMessageResponse> {
  constructor(
    readonly userId: string,
    readonly subscription: TPushSubscriptionRequest,
  ) {
    super();
  }
}
