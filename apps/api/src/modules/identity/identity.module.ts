import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { UserRegistered } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { AccountErasure } from './account-erasure';
import { USER_REGISTERED_PERSONAL_FIELDS } from './domain/account-personal-fields';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler';
import { ClaimTeamSeatHandler } from './commands/claim-team-seat/claim-team-seat.handler';
import { ProveEmailByInvitationHandler } from './commands/prove-email-by-invitation/prove-email-by-invitation.handler';
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
    AccountErasure,
    RegisterUserHandler,
    SignInHandler,
    SendLoginLinkHandler,
    SignInWithLoginLinkHandler,
    ChangePasswordHandler,
    ClaimTeamSeatHandler,
    ProveEmailByInvitationHandler,
    ReleaseTeamSeatHandler,
    GetCurrentUserHandler,
    EndSessionsHandler,
  ],
  exports: [UserDirectory, AccountErasure],
})
export class IdentityModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly users: UsersProjection,
    private readonly personalData: PersonalDataRegistry,
  ) {}

  onModuleInit(): void {
    this.personalData.declare('UserRegistered', USER_REGISTERED_PERSONAL_FIELDS);
    // An erased account keeps no password: nobody signs in to it again.
    this.personalData.onErasure(async (events, tx: EntityManager) => {
      const userIds = events
        .filter((event) => event.type === 'UserRegistered')
        .map((event) => (event.data as UserRegistered).userId);
      if (userIds.length > 0) await tx.query('DELETE FROM user_credential WHERE user_id = ANY($1::uuid[])', [userIds]);
    });
    this.runner.registerProjection(this.users);
  }
}
