import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AccessTokenPayload, AuthenticatedUser } from './authenticated-user';

export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Issues and checks access tokens (HS256 with JWT_SECRET, sub = user id). */
@Injectable()
export class AccessTokenService {
  constructor(private readonly jwt: JwtService) {}

  issue(userId: string): Promise<string> {
    return this.jwt.signAsync<AccessTokenPayload>({ sub: userId });
  }

  /** The user a token names, or null when it is missing, malformed, expired or badly signed. */
  async verify(token: string | undefined | null): Promise<AuthenticatedUser | null> {
    if (!token) return null;
    try {
      const payload = await this.jwt.verifyAsync<AccessTokenPayload>(token, { algorithms: ['HS256'] });
      return typeof payload.sub === 'string' && payload.sub ? { id: payload.sub } : null;
    } catch {
      return null;
    }
  }
}
