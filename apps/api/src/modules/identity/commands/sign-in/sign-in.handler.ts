import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { SignInResponse } from '@teaminbox/contracts';
import type { Repository } from 'typeorm';
import { AccessTokenService } from '../../../../platform/auth/access-token.service';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { RequestContext } from '../../../../platform/request-context';
import { normalizeEmail, userDecider, userStreamId } from '../../domain/user.decider';
import { InvitationAcceptance } from '../../invitation-acceptance';
import { Credentials } from '../../credentials';
import { PasswordHasher } from '../../password-hasher';
import { UserReadModel } from '../../projections/users/users.read-model';
import { isErasedAccount } from '../../user-directory';
import { SignInCommand } from './sign-in.command';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';

/**
 * Checks the credentials and issues an access token under the user's session version. With an
 * invitationId the user first joins the inviting team (409 when they already have a team). A password hash
 * made with older argon2 parameters is replaced by one with the current ones (UserPasswordRehashed).
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, SignInResponse> {
  constructor(
    @InjectRepository(UserReadModel) private readonly users: Repository<UserReadModel>,
    private readonly passwords: PasswordHasher,
    private readonly credentials: Credentials,
    private readonly tokens: AccessTokenService,
    private readonly invitations: InvitationAcceptance,
    private readonly repository: EventSourcedRepository,
  ) {}

  private readonly logger = new Logger(SignInHandler.name);

  async execute({ request }: SignInCommand): Promise<SignInResponse> {
    const found = await this.users.findOne({ where: { email: normalizeEmail(request.email) } });
    // An erased account's address reads "[erased]": nobody signs in to it.
    const user = found && !isErasedAccount(found) ? found : null;
    const hash = user ? await this.credentials.hashOf(user.id) : null;
    // Sign-ins are served first by the hashing queue.
    const valid = hash
      ? await this.passwords.verify(hash, request.password, { priority: 'signIn' })
      : await this.passwords.verifyNothing(request.password, { priority: 'signIn' });
    if (!user || !hash || !valid) throw new DomainError('unauthorized', INVALID_CREDENTIALS_MESSAGE);
    if (this.passwords.needsRehash(hash)) await this.rehash(user.id, request.password);
    const invitationToken = request.invitationId?.trim();
    if (invitationToken) await this.invitations.accept(user.id, invitationToken);
    return { success: true, message: await this.tokens.issue(user.id, { sessionVersion: user.sessionVersion }) };
  }

  /** The password hashed again with the current parameters; a failure leaves the old hash (it still verifies). */
  private async rehash(userId: string, password: string): Promise<void> {
    try {
      await this.credentials.set(userId, await this.passwords.hash(password));
      // The signing-in account is the actor of its own rehash.
      await RequestContext.actAs({ kind: 'user', id: userId }, () =>
        this.repository.decide(
          userStreamId(userId),
          userDecider,
          { type: 'RehashPassword', data: {} },
          { teamId: null },
        ),
      );
    } catch (error) {
      this.logger.warn(`Rehashing the password of user ${userId} failed: ${(error as Error).message}`);
    }
  }
}
