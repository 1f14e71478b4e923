import { CommandHandler, CommandBus, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { RegisterResponse } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { DomainError } from '../../../shared/domain-error';
import { newCorrelationId } from '../../../shared/domain-event';
import { EventSourcedRepository } from '../../../shared/event-sourced-repository';
import { ReadYourWrites } from '../../../shared/read-your-writes';
import { AcceptInvitationCommand } from '../../../teams/commands/accept-invitation/accept-invitation.command';
import { INVITATION_OTHER_EMAIL_MESSAGE } from '../../../teams/domain/team.decider';
import { invitationUnavailable } from '../../../teams/invitation-unavailable';
import { GetInvitationQuery } from '../../../teams/queries/get-invitation/get-invitation.query';
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

export const REGISTERED_MESSAGE = 'Account created successfully';

/**
 * Reserves the address, records UserRegistered and, when the form carries an invitation for this
 * address, joins the inviting team as MEMBER. The invitation is checked before the account is made.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, RegisterResponse> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly passwords: PasswordHasher,
    private readonly readYourWrites: ReadYourWrites,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async execute({ request }: RegisterUserCommand): Promise<RegisterResponse> {
    const userId = uuidv7();
    const email = normalizeEmail(request.email);
    const invitationToken = request.invitationId?.trim() || null;
    if (invitationToken) {
      const invitation = await this.queries.execute(new GetInvitationQuery(invitationToken));
      if (!invitation || invitation.state !== 'usable') throw invitationUnavailable(invitation !== null);
      if (invitation.email !== email) throw new DomainError('invalid', INVITATION_OTHER_EMAIL_MESSAGE);
    }
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
      // A usable invitation sent to this address proves it (the link came by mail to it).
      { type: 'RegisterUser', data: { userId, email, passwordHash, emailProven: Boolean(invitationToken) } },
      context,
    );
    await this.readYourWrites.waitFor(appended?.position, [USERS_PROJECTION]);
    if (invitationToken) {
      try {
        await this.commands.execute(new AcceptInvitationCommand(userId, invitationToken));
      } catch (error) {
        // Only a concurrent change of the invitation gets here: the account exists, say so.
        const reason = error instanceof Error ? error.message : String(error);
        return { success: true, message: `${REGISTERED_MESSAGE}, but the invitation could not be accepted: ${reason}` };
      }
    }
    return { success: true, message: REGISTERED_MESSAGE };
  }
}
