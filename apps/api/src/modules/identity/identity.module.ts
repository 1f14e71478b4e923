import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { RegisterUserHandler } from './commands/register-user/register-user.handler';
import { SignInHandler } from './commands/sign-in/sign-in.handler';
import { AuthController } from './http/auth.controller';
import { PasswordHasher } from './password-hasher';
import { UsersProjection } from './projections/users/users.projection';
import { UserReadModel } from './projections/users/users.read-model';
import { GetCurrentUserHandler } from './queries/get-current-user/get-current-user.handler';
import { UserDirectory } from './user-directory';

@Module({
  imports: [TypeOrmModule.forFeature([UserReadModel])],
  controllers: [AuthController],
  providers: [
    PasswordHasher,
    UsersProjection,
    UserDirectory,
    RegisterUserHandler,
    SignInHandler,
    GetCurrentUserHandler,
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
