import { Command } from '@nestjs/cqrs';
import type { LoginLinkResponse } from '@teaminbox/contracts';

/** Uses an emailed login link (once) and issues an access token for its user. */
export class SignInWithLoginLinkCommand extends Command<LoginLinkResponse> {
  constructor(readonly token: string) {
    super();
  }
}
