import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { READ_ONLY_ROLE_MESSAGE, READ_ONLY_ROLES } from '@teaminbox/contracts';
import { DomainError } from '../event-sourcing/domain-error';
import type { AuthenticatedUser } from './authenticated-user';

export const OWN_ACCOUNT_ROUTE = 'auth:ownAccountRoute';

/** The methods that only read: open to every role. */
export const READ_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Marks a write route that changes only the caller's own account (password, photo, preferences, their own
 * notifications): a read-only role may use it. Nothing that changes team data may carry it.
 */
export const OwnAccountRoute = () => SetMetadata(OWN_ACCOUNT_ROUTE, true);

/**
 * The one place a read-only role (AUDITOR) is kept from writing: every authenticated call other than GET, HEAD or
 * OPTIONS answers 403 READ_ONLY_ROLE_MESSAGE, unless the route is an @OwnAccountRoute(). Public routes act for an
 * anonymous caller and are not concerned. Runs before RolesGuard, so an auditor always reads the same message.
 */
@Injectable()
export class ReadOnlyRoleGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<{ method: string; user?: AuthenticatedUser }>();
    const role = request.user?.role;
    if (!role || !READ_ONLY_ROLES.includes(role) || READ_METHODS.includes(request.method.toUpperCase())) return true;
    const own = this.reflector.getAllAndOverride<boolean | undefined>(OWN_ACCOUNT_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (own) return true;
    throw new DomainError('forbidden', READ_ONLY_ROLE_MESSAGE);
  }
}
