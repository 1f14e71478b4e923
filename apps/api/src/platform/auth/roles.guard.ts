import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@teaminbox/contracts';
import { DomainError } from '../event-sourcing/domain-error';
import type { AuthenticatedUser } from './authenticated-user';

export const REQUIRED_ROLES = 'auth:requiredRoles';
export const FORBIDDEN_MESSAGE = 'Forbidden!';

/** Only callers with one of these roles in their team may use the route (or every route of the controller). */
export const RequireRole = (...roles: Role[]) => SetMetadata(REQUIRED_ROLES, roles);

/** Answers 403 'Forbidden!' to a caller without a required role (a caller without a team has none). */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user?.role || !roles.includes(user.role)) throw new DomainError('forbidden', FORBIDDEN_MESSAGE);
    return true;
  }
}
