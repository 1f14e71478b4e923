import { Command } from '@nestjs/cqrs';
import type { SignInResponse, TSignInRequest } from '@teaminbox/contracts';

/** Checks credentials and issues an access token; records no event in this first cut. */
export class SignInCommand extends Command<SignInResponse> {
  constructor(readonly request: TSignInRequest) {
    super();
  }
}
