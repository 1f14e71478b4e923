import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RegisterResponse } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { newCorrelationId } from '../../../shared/domain-event';
import { EventSourcedRepository } from '../../../shared/event-sourced-repository';
import { ReadYourWrites } from '../../../shared/read-your-writes';
import {
  EMAIL_TAKEN_MESSAGE,
  emailReservationDecider,
  emailReservationStreamId,
  normalizeEmail,
  userDecider,
  userStreamId,
} from '../../domain/user.decider';
import { PasswordHasher } from '../../password-hasher';
import { USERS_PROJECTION } from '../../projections/users/users.projection';
import { RegisterUserCommand } from './register-user.command';

@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, RegisterResponse> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly passwords: PasswordHasher,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute({ request }: RegisterUserCommand): Promise<RegisterResponse> {
    const userId = uuidv7();
    const email = normalizeEmail(request.email);
    const context = { actorUserId: userId, teamId: null, correlationId: newCorrelationId() };
    const passwordHash = await this.passwords.hash(request.password);

    await this.repository.decide(
      emailReservationStreamId(email),
      emailReservationDecider,
      { type: 'ReserveEmail', data: { userId } },
      context,
      { conflictMessage: EMAIL_TAKEN_MESSAGE },
    );
    const appended = await this.repository.decide(
      userStreamId(userId),
      userDecider,
      { type: 'RegisterUser', data: { userId, email, passwordHash } },
      context,
    );
    await this.readYourWrites.waitFor(appended?.position, [USERS_PROJECTION]);
    return { success: true, message: 'Account created successfully' };
  }
}
