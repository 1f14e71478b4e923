import { HttpException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { IDENTITY_MESSAGES, type LoginLinkResponse } from '@teaminbox/contracts';
import { AccessTokenService } from '../../../../platform/auth/access-token.service';
import { Clock } from '../../../../platform/auth/clock';
import { hashSecretToken, isWellFormedSecretToken } from '../../../../platform/auth/secret-token';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { ProjectionRunner } from '../../../../platform/projections/projection-runner';
import { RequestContext } from '../../../../platform/request-context';
import {
  isUsable,
  LOGIN_LINK_EXPIRED_MESSAGE,
  loginLinkDecider,
  loginLinkStreamId,
} from '../../domain/login-link.decider';
import { Credentials } from '../../credentials';
import { userDecider, userStreamId } from '../../domain/user.decider';
import { USERS_PROJECTION } from '../../projections/users/users.projection';
import { isErasedAccount, UserDirectory } from '../../user-directory';
import { SignInWithLoginLinkCommand } from './sign-in-with-login-link.command';

/** 425 Too Early (RFC 8470); Nest's HttpStatus has no name for it. */
const TOO_EARLY = 425;

/** How long the call itself waits for the users read model before answering 425. */
const CATCH_UP_WAIT_MS = 1000;

const expired = () => new DomainError('unauthorized', LOGIN_LINK_EXPIRED_MESSAGE);

/**
 * 401 for a malformed, unknown, used or expired link. 425 (Too Early) while the link is valid but the
 * users read model that the session depends on has not caught up with it (e.g. during a rebuild of
 * the users projection): the link is NOT used then, and the client retries. Otherwise LoginLinkUsed
 * is appended with the stream's expected version, so of two concurrent uses exactly one succeeds.
 */
@CommandHandler(SignInWithLoginLinkCommand)
export class SignInWithLoginLinkHandler implements ICommandHandler<SignInWithLoginLinkCommand, LoginLinkResponse> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly runner: ProjectionRunner,
    private readonly directory: UserDirectory,
    private readonly credentials: Credentials,
    private readonly tokens: AccessTokenService,
    private readonly clock: Clock,
  ) {}

  async execute({ token }: SignInWithLoginLinkCommand): Promise<LoginLinkResponse> {
    if (!isWellFormedSecretToken(token)) throw expired();
    const streamId = loginLinkStreamId(hashSecretToken(token));
    const { state, position } = await this.repository.load(streamId, loginLinkDecider);
    if (!isUsable(state, this.clock.now()) || !position) throw expired();

    const caughtUp = await this.runner.waitFor(position, [USERS_PROJECTION], CATCH_UP_WAIT_MS);
    const user = caughtUp ? await this.directory.byId(state.userId) : null;
    // A link issued before the account was erased no longer signs in.
    if (user && isErasedAccount(user)) throw expired();
    if (!user) {
      throw new HttpException(
        { success: false, message: IDENTITY_MESSAGES.loginLinkNotReady, statusCode: TOO_EARLY },
        TOO_EARLY,
      );
    }

    try {
      await RequestContext.actAs({ kind: 'user', id: user.id }, () =>
        this.repository.decide(
          streamId,
          loginLinkDecider,
          { type: 'UseLoginLink', data: { now: this.clock.now() } },
          { teamId: user.teamId, conflictMessage: LOGIN_LINK_EXPIRED_MESSAGE },
        ),
      );
    } catch (error) {
      // The loser of a concurrent use sees a conflict: for it the link is used.
      if (error instanceof DomainError && error.kind === 'conflict') throw expired();
      throw error;
    }
    // The first link of an account proves its address: a password set at registration stops working and every
    // other session ends (sessions of the account's new version only, so this one is issued after). The password goes
    // first: should the event not be appended, the address stays unproven and the next link tries again.
    const account = (await this.repository.load(userStreamId(user.id), userDecider)).state;
    if (account.status === 'registered' && !account.emailProven) await this.credentials.clear(user.id);
    const proven = await RequestContext.actAs({ kind: 'user', id: user.id }, () =>
      this.repository.decide(
        userStreamId(user.id),
        userDecider,
        { type: 'ProveEmail', data: {} },
        { teamId: user.teamId, waitFor: [USERS_PROJECTION] },
      ),
    );
    let sessionVersion = user.sessionVersion;
    if (proven) {
      sessionVersion = (await this.directory.byId(user.id))?.sessionVersion ?? sessionVersion + 1;
    }
    return {
      token: await this.tokens.issue(user.id, { sessionVersion, method: 'link' }),
      id: user.id,
      ...(proven ? { passwordCleared: true } : {}),
    };
  }
}
