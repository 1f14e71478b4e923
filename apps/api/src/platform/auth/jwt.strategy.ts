import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccessTokenService } from './access-token.service';
import type { AccessTokenPayload, AuthenticatedUser } from './authenticated-user';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tokens: AccessTokenService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwtSecret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /** Signature and expiry are checked by passport-jwt; the session version here (one indexed lookup). */
  async validate(payload: AccessTokenPayload): Promise<AuthenticatedUser | false> {
    return (await this.tokens.authenticate(payload)) ?? false;
  }
}
