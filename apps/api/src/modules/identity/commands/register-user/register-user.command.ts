import { Command } from '@nestjs/cqrs';
import type { RegisterResponse, TRegisterRequest } from '@teaminbox/contracts';

export class RegisterUserCommand extends Command<RegisterResponse> {
  constructor(readonly request: TRegisterRequest) {
    super();
  }
}
