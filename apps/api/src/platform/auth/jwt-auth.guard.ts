import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { RequestContext } from '../request-context/request-context';
import type { AuthenticatedUser } from './authenticated-user';
import { IS_PUBLIC } from './public.decorator';

/** Applied to every HTTP route; `@Public()` opts out. The authenticated user becomes the request's actor. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    return isPublic ? true : super.canActivate(context);
  }

  override handleRequest<T = AuthenticatedUser>(
    error: unknown,
    user: unknown,
    info: unknown,
    context: ExecutionContext,
    status?: unknown,
  ): T {
    const caller = super.handleRequest<AuthenticatedUser>(error, user, info, context, status);
    RequestContext.identify(caller.id, caller.teamId);
    return caller as T;
  }
}
