import { Command } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';

/** Ends push to one of the caller's browsers (by its endpoint); an unknown endpoint changes nothing. */
export class UnsubscribeFromPushCommand extends Command<SuccessMessageResponse> {
  constructor(
    readonly userId: string,
    readonly endpoint: string,
  ) {
    super();
  }
}
