import { type DynamicModule, Global, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccessTokenService, ACCESS_TOKEN_TTL_SECONDS } from './access-token.service';
import { Clock } from './clock';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { SessionVersions } from './session-versions';

export interface AuthModuleOptions {
  /** Modules that export the session versions implementation. */
  imports: NonNullable<ModuleMetadata['imports']>;
  sessionVersions: Type<SessionVersions>;
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
        { provide: SessionVersions, useExisting: options.sessionVersions },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
      ],
      exports: [AccessTokenService, Clock],
    };
  }
}
