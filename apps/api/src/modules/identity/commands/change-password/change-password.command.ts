import { Command } from '@nestjs/cqrs';
import type { SuccessMessageResponse, TChangePasswordRequest } from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../../platform/auth/authenticated-user';

/** Sets a new password, ends every other session and answers a fresh access token in message. */
export class ChangePasswordCommand extends Command<SuccessMessageResponse> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly request: TChangePasswordRequest,
  ) {
    super();
  }
}
