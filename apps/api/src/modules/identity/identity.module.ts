import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler';
import { ClaimTeamSeatHandler } from './commands/claim-team-seat/claim-team-seat.handler';
import { RegisterUserHandler } from './commands/register-user/register-user.handler';
import { ReleaseTeamSeatHandler } from './commands/release-team-seat/release-team-seat.handler';
import { SendLoginLinkHandler } from './commands/send-login-link/send-login-link.handler';
import { SignInHandler } from './commands/sign-in/sign-in.handler';
import { SignInWithLoginLinkHandler } from './commands/sign-in-with-login-link/sign-in-with-login-link.handler';
import { AuthController } from './http/auth.controller';
import { Credentials } from './credentials';
import { PasswordHasher } from './password-hasher';
import { UsersProjection } from './projections/users/users.projection';
import { UserReadModel } from './projections/users/users.read-model';
import { GetCurrentUserHandler } from './queries/get-current-user/get-current-user.handler';
import { EndSessionsHandler } from './reactions/end-sessions.handler';
import { UserDirectory } from './user-directory';

@Module({
  imports: [TypeOrmModule.forFeature([UserReadModel])],
  controllers: [AuthController],
  providers: [
    PasswordHasher,
    Credentials,
    UsersProjection,
    UserDirectory,
    RegisterUserHandler,
    SignInHandler,
    SendLoginLinkHandler,
    SignInWithLoginLinkHandler,
    ChangePasswordHandler,
    ClaimTeamSeatHandler,
    ReleaseTeamSeatHandler,
    GetCurrentUserHandler,
    EndSessionsHandler,
  ],
  exports: [UserDirectory],
})
export class IdentityModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly users: UsersProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.users);
  }
}
