import { Command } from '@nestjs/cqrs';
import type { SignInResponse, TSignInRequest } from '@teaminbox/contracts';

/** Checks credentials and issues an access token (joining an invited team first when invitationId is set). */
export class SignInCommand extends Command<SignInResponse> {
  constructor(readonly request: TSignInRequest) {
    super();
  }
}
