import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RegisterResponse } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EventSourcedRepository, ReadYourWrites } from '../../../../platform/event-sourcing';
import { RequestContext } from '../../../../platform/request-context';
import {
  EMAIL_TAKEN_MESSAGE,
  emailReservationDecider,
  emailReservationStreamId,
  normalizeEmail,
  userDecider,
  userStreamId,
} from '../../domain/user.decider';
import { InvitationAcceptance } from '../../invitation-acceptance';
import { Credentials } from '../../credentials';
import { PasswordHasher } from '../../password-hasher';
import { USERS_PROJECTION } from '../../projections/users/users.projection';
import { RegisterUserCommand } from './register-user.command';

export const REGISTERED_MESSAGE = 'Account created successfully';

/**
 * Reserves the address, records UserRegistered and, when the form carries an invitation for this
 * address, joins the inviting team as MEMBER. The invitation is checked before the account is made.
 * The new account is the actor of its own registration.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, RegisterResponse> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly passwords: PasswordHasher,
    private readonly credentials: Credentials,
    private readonly readYourWrites: ReadYourWrites,
    private readonly invitations: InvitationAcceptance,
  ) {}

  async execute({ request }: RegisterUserCommand): Promise<RegisterResponse> {
    const userId = uuidv7();
    return RequestContext.actAs({ kind: 'user', id: userId }, () => this.register(userId, request));
  }

  private async register(userId: string, request: RegisterUserCommand['request']): Promise<RegisterResponse> {
    const email = normalizeEmail(request.email);
    const invitationToken = request.invitationId?.trim() || null;
    if (invitationToken) await this.invitations.check(invitationToken, email);
    const passwordHash = await this.passwords.hash(request.password);
    // The account's id is new: a credential left by a registration that fails below belongs to no account.
    await this.credentials.set(userId, passwordHash);

    await this.repository.decide(
      emailReservationStreamId(email),
      emailReservationDecider,
      { type: 'ReserveEmail', data: { userId } },
      { teamId: null, conflictMessage: EMAIL_TAKEN_MESSAGE },
    );
    const appended = await this.repository.decide(
      userStreamId(userId),
      userDecider,
      // A usable invitation sent to this address proves it (the link came by mail to it).
      { type: 'RegisterUser', data: { userId, email, emailProven: Boolean(invitationToken) } },
      { teamId: null },
    );
    await this.readYourWrites.waitFor(appended?.position, [USERS_PROJECTION]);
    if (invitationToken) {
      try {
        await this.invitations.accept(userId, invitationToken);
      } catch (error) {
        // Only a concurrent change of the invitation gets here: the account exists, say so.
        const reason = error instanceof Error ? error.message : String(error);
        return { success: true, message: `${REGISTERED_MESSAGE}, but the invitation could not be accepted: ${reason}` };
      }
    }
    return { success: true, message: REGISTERED_MESSAGE };
  }
}
