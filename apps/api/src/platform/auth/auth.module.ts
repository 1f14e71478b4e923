import { type DynamicModule, Global, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccessTokenService, ACCESS_TOKEN_TTL_SECONDS } from './access-token.service';
import { Clock } from './clock';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { ReadOnlyRoleGuard } from './read-only-role.guard';
import { RolesGuard } from './roles.guard';
import { UserSessions } from './user-sessions';

export interface AuthModuleOptions {
  /** Modules that export the user sessions implementation. */
  imports: NonNullable<ModuleMetadata['imports']>;
  sessions: Type<UserSessions>;
}

@Global()
@Module({})
export class AuthModule {
  static forRoot(options: AuthModuleOptions): DynamicModule {
    return {
      module: AuthModule,
      imports: [
        ...options.imports,
        PassportModule,
        JwtModule.registerAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            secret: config.jwtSecret,
            signOptions: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
            verifyOptions: { algorithms: ['HS256'] },
          }),
        }),
      ],
      providers: [
        JwtStrategy,
        AccessTokenService,
        Clock,
        { provide: UserSessions, useExisting: options.sessions },
        // In this order: the token first, then a read-only role's writes, then the role a route requires.
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: ReadOnlyRoleGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
      ],
      exports: [AccessTokenService, Clock, UserSessions],
    };
  }
}
