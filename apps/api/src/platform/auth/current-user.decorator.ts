import { createParamDecorator, type ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { AuthenticatedUser } from './authenticated-user';

/** The authenticated caller of a secured route. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedUser => {
  const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
  if (!user) throw new UnauthorizedException();
  return user;
});
