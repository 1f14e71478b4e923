import { Command } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';

/** Emails a login link when an account has this address; answers the same either way. */
export class SendLoginLinkCommand extends Command<SuccessMessageResponse> {
  constructor(readonly email: string) {
    super();
  }
}
