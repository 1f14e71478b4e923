import { Body, Controller, Get, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type CurrentUser as CurrentUserDto,
  type RegisterResponse,
  type SignInResponse,
  type TRegisterRequest,
  type TSignInRequest,
  ZRegisterRequest,
  ZSignInRequest,
} from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { Public } from '../../../platform/auth/public.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { RegisterUserCommand } from '../commands/register-user/register-user.command';
import { SignInCommand } from '../commands/sign-in/sign-in.command';
import { GetCurrentUserQuery } from '../queries/get-current-user/get-current-user.query';

@Controller()
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Public()
  @Post('register')
  @HttpCode(200)
  register(@Body(new ZodValidationPipe(ZRegisterRequest)) body: TRegisterRequest): Promise<RegisterResponse> {
    return this.commands.execute(new RegisterUserCommand(body));
  }

  @Public()
  @Post('auth/signin')
  @HttpCode(200)
  signIn(@Body(new ZodValidationPipe(ZSignInRequest)) body: TSignInRequest): Promise<SignInResponse> {
    return this.commands.execute(new SignInCommand(body));
  }

  @Get('loggedInUser')
  async loggedInUser(@CurrentUser() user: AuthenticatedUser): Promise<CurrentUserDto> {
    const current = await this.queries.execute(new GetCurrentUserQuery(user.id));
    if (!current) throw new NotFoundException({ success: false, message: 'User not found', statusCode: 404 });
    return current;
  }
}
