import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type CurrentUser as CurrentUserDto,
  type LoginLinkResponse,
  type RegisterResponse,
  type SignInResponse,
  type SuccessMessageResponse,
  type TChangePasswordRequest,
  type TRegisterRequest,
  type TSendLoginLinkRequest,
  type TSignInRequest,
  ZChangePasswordRequest,
  ZRegisterRequest,
  ZSendLoginLinkRequest,
  ZSignInRequest,
} from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { Caller } from '../../../platform/auth/caller.decorator';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { Public } from '../../../platform/auth/public.decorator';
import { OwnAccountRoute } from '../../../platform/auth/read-only-role.guard';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { RateLimit, RateLimitGuard } from '../../../platform/rate-limit/rate-limit.guard';
import { ChangePasswordCommand } from '../commands/change-password/change-password.command';
import { RegisterUserCommand } from '../commands/register-user/register-user.command';
import { SendLoginLinkCommand } from '../commands/send-login-link/send-login-link.command';
import { SignInCommand } from '../commands/sign-in/sign-in.command';
import { SignInWithLoginLinkCommand } from '../commands/sign-in-with-login-link/sign-in-with-login-link.command';
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
  @UseGuards(RateLimitGuard)
  @RateLimit('register')
  register(@Body(new ZodValidationPipe(ZRegisterRequest)) body: TRegisterRequest): Promise<RegisterResponse> {
    return this.commands.execute(new RegisterUserCommand(body));
  }

  @Public()
  @Post('auth/signin')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('signin')
  signIn(@Body(new ZodValidationPipe(ZSignInRequest)) body: TSignInRequest): Promise<SignInResponse> {
    return this.commands.execute(new SignInCommand(body));
  }

  @Public()
  @Post('sendLoginLink')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('sendLoginLink')
  sendLoginLink(
    @Body(new ZodValidationPipe(ZSendLoginLinkRequest)) body: TSendLoginLinkRequest,
  ): Promise<SuccessMessageResponse> {
    return this.commands.execute(new SendLoginLinkCommand(body.email));
  }

  /** Only this call uses the link up; opening the /loginLink/{token} page does not. */
  @Public()
  @Get('auth/loginLinkSignin/:token')
  loginLinkSignIn(@Param('token') token: string): Promise<LoginLinkResponse> {
    return this.commands.execute(new SignInWithLoginLinkCommand(token));
  }

  @Get('loggedInUser')
  async loggedInUser(@Caller() caller: Caller): Promise<CurrentUserDto> {
    const current = await this.queries.execute(new GetCurrentUserQuery(caller.userId));
    if (!current) throw new NotFoundException({ success: false, message: 'User not found', statusCode: 404 });
    return current;
  }

  /** The password change weighs how the session started (a login link's grace period): the token's session itself. */
  @Put('me/password')
  @OwnAccountRoute()
  @UseGuards(RateLimitGuard)
  @RateLimit('changePassword')
  changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(ZChangePasswordRequest)) body: TChangePasswordRequest,
  ): Promise<SuccessMessageResponse> {
    return this.commands.execute(new ChangePasswordCommand(user, body));
  }
}
