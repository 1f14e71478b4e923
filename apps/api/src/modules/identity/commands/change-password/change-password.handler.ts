import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LOGIN_LINK_TTL_MINUTES, type SuccessMessageResponse } from '@teaminbox/contracts';
import { AccessTokenService } from '../../../../platform/auth/access-token.service';
import { Clock } from '../../../../platform/auth/clock';
import { DomainError, EventSourcedRepository, ReadYourWrites } from '../../../../platform/event-sourcing';
import { userDecider, userStreamId } from '../../domain/user.decider';
import { Credentials } from '../../credentials';
import { type HashRunOptions, PasswordHasher } from '../../password-hasher';
import { USERS_PROJECTION } from '../../projections/users/users.projection';
import { UserDirectory } from '../../user-directory';
import { ChangePasswordCommand } from './change-password.command';

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Enter your current password.';
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'The current password is incorrect.';

/** A session started by a login link may set a password without the current one for this long. */
export const LINK_SESSION_GRACE_MS = LOGIN_LINK_TTL_MINUTES * 60_000;

/**
 * The "forgot password" path: after signing in by a login link the user sets a new password without
 * the old one (within LINK_SESSION_GRACE_MS of that sign-in); any other session must give it.
 * UserPasswordChanged raises the session version, so every other token stops working; the caller gets
 * a fresh one. The route is rate-limited per user and per client address (RateLimitGuard); its hashing waits behind
 * the sign-ins, one computation per user at a time.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, SuccessMessageResponse> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly directory: UserDirectory,
    private readonly passwords: PasswordHasher,
    private readonly credentials: Credentials,
    private readonly readYourWrites: ReadYourWrites,
    private readonly tokens: AccessTokenService,
    private readonly clock: Clock,
  ) {}

  async execute({ user, request }: ChangePasswordCommand): Promise<SuccessMessageResponse> {
    // Behind the sign-ins, and one place in the hashing queue per user: a second change at once answers 429.
    const hashing: HashRunOptions = { priority: 'passwordChange', owner: user.id };
    const recentLinkSession =
      user.method === 'link' && this.clock.now().getTime() - user.issuedAt.getTime() <= LINK_SESSION_GRACE_MS;
    if (!recentLinkSession) {
      if (!request.currentPassword) throw new DomainError('invalid', CURRENT_PASSWORD_REQUIRED_MESSAGE);
      const hash = await this.credentials.hashOf(user.id);
      if (!hash || !(await this.passwords.verify(hash, request.currentPassword, hashing))) {
        throw new DomainError('invalid', CURRENT_PASSWORD_WRONG_MESSAGE);
      }
    }
    await this.credentials.set(user.id, await this.passwords.hash(request.newPassword, hashing));
    const appended = await this.repository.decide(
      userStreamId(user.id),
      userDecider,
      { type: 'ChangePassword', data: {} },
      { teamId: null },
    );
    await this.readYourWrites.waitFor(appended?.position, [USERS_PROJECTION]);
    const sessionVersion = (await this.directory.currentVersion(user.id)) ?? user.sessionVersion + 1;
    return { success: true, message: await this.tokens.issue(user.id, { sessionVersion }) };
  }
}
