import { Command } from '@nestjs/cqrs';

/** The push service reported the subscription gone (404, 410): it is removed. */
export class RemoveExpiredPushSubscriptionCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly subscriptionId: string,
  ) {
    super();
  }
}
