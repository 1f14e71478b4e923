import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { SignInResponse } from '@teaminbox/contracts';
import type { Repository } from 'typeorm';
import { AccessTokenService } from '../../../../platform/auth/access-token.service';
import { DomainError } from '../../../../platform/event-sourcing';
import { normalizeEmail } from '../../domain/user.decider';
import { InvitationAcceptance } from '../../invitation-acceptance';
import { PasswordHasher } from '../../password-hasher';
import { UserReadModel } from '../../projections/users/users.read-model';
import { SignInCommand } from './sign-in.command';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';

/**
 * Checks the credentials and issues an access token under the user's session version. With an
 * invitationId the user first joins the inviting team (409 when they already have a team).
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, SignInResponse> {
  constructor(
    @InjectRepository(UserReadModel) private readonly users: Repository<UserReadModel>,
    private readonly passwords: PasswordHasher,
    private readonly tokens: AccessTokenService,
    private readonly invitations: InvitationAcceptance,
  ) {}

  async execute({ request }: SignInCommand): Promise<SignInResponse> {
    const user = await this.users.findOne({ where: { email: normalizeEmail(request.email) } });
    const valid = user
      ? await this.passwords.verify(user.passwordHash, request.password)
      : await this.passwords.verifyNothing(request.password);
    if (!user || !valid) throw new DomainError('unauthorized', INVALID_CREDENTIALS_MESSAGE);
    const invitationToken = request.invitationId?.trim();
    if (invitationToken) await this.invitations.accept(user.id, invitationToken);
    return { success: true, message: await this.tokens.issue(user.id, { sessionVersion: user.sessionVersion }) };
  }
}
