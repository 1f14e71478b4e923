import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AccessTokenPayload, AuthenticatedUser, AuthenticationMethod } from './authenticated-user';
import { UserSessions } from './user-sessions';

export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface IssueOptions {
  sessionVersion: number;
  method?: AuthenticationMethod;
}

/**
 * Issues and checks access tokens (HS256 with JWT_SECRET; sub = user id, sv = session version,
 * amr = how the session started, iat). A token whose sv is older than the user's current session
 * version is refused, so a password change or a removal from the team ends it.
 */
@Injectable()
export class AccessTokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: UserSessions,
  ) {}

  issue(userId: string, { sessionVersion, method = 'pwd' }: IssueOptions): Promise<string> {
    return this.jwt.signAsync<AccessTokenPayload>({ sub: userId, sv: sessionVersion, amr: method });
  }

  /** The user a token names, or null when it is missing, malformed, expired, badly signed or ended. */
  async verify(token: string | undefined | null): Promise<AuthenticatedUser | null> {
    if (!token) return null;
    let payload: AccessTokenPayload;
    try {
      payload = await this.jwt.verifyAsync<AccessTokenPayload>(token, { algorithms: ['HS256'] });
    } catch {
      return null;
    }
    return this.authenticate(payload);
  }

  /** Checks the claims of a token whose signature and expiry were verified. */
  async authenticate(payload: AccessTokenPayload): Promise<AuthenticatedUser | null> {
    if (typeof payload.sub !== 'string' || !payload.sub) return null;
    const sessionVersion = typeof payload.sv === 'number' ? payload.sv : 0;
    const session = await this.sessions.sessionOf(payload.sub);
    if (session === null || sessionVersion < session.version) return null;
    return {
      id: payload.sub,
      sessionVersion,
      method: payload.amr === 'link' ? 'link' : 'pwd',
      issuedAt: new Date((payload.iat ?? 0) * 1000),
      teamId: session.teamId,
      role: session.role,
    };
  }
}
