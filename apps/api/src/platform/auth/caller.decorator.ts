import { createParamDecorator, type ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { Role } from '@teaminbox/contracts';
import { DomainError, type DomainErrorKind } from '../event-sourcing/domain-error';
import type { AuthenticatedUser } from './authenticated-user';

/** The caller of a route: who (from the token) and their team and role (from the users read model), never from the request. */
export interface Caller {
  userId: string;
  teamId: string | null;
  role: Role | null;
}

/** A caller who belongs to a team. */
export interface TeamCaller extends Caller {
  teamId: string;
  role: Role;
}

/** What a route answers instead, e.g. a 409 "Create a team first" or a 404 naming the resource. */
export interface Refusal {
  kind: DomainErrorKind;
  message: string;
}

export interface TeamCallerOptions {
  /** The answer to a caller without a team (default: 404 Not found). */
  noTeam?: Refusal;
  /**
   * Where the request may name a team (the spec's `teamId` query parameter or body field): it must be the caller's
   * team. Another team's id answers `otherTeam` (default: 404 Not found), revealing nothing about it.
   */
  teamIdIn?: 'query' | 'body';
  otherTeam?: Refusal;
}

const NOT_FOUND: Refusal = { kind: 'not-found', message: 'Not found' };

function authenticated(context: ExecutionContext): { user: AuthenticatedUser; request: Record<string, unknown> } {
  const request = context.switchToHttp().getRequest<{ user?: AuthenticatedUser } & Record<string, unknown>>();
  if (!request.user) throw new UnauthorizedException();
  return { user: request.user, request };
}

/** `@Caller() caller: Caller`: the authenticated caller, with or without a team. */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): Caller => {
  const { user } = authenticated(context);
  return { userId: user.id, teamId: user.teamId, role: user.role };
});

/**
 * `@TeamCaller(options) caller: TeamCaller`: the authenticated caller and their team. The one place of the rule
 * "no team, or another team's id, answers 404" (or the route's own refusal).
 */
export const TeamCaller = createParamDecorator(
  (options: TeamCallerOptions | undefined, context: ExecutionContext): TeamCaller => {
    const { user, request } = authenticated(context);
    const refuse = ({ kind, message }: Refusal) => new DomainError(kind, message);
    if (!user.teamId || !user.role) throw refuse(options?.noTeam ?? NOT_FOUND);
    const named = options?.teamIdIn
      ? (request[options.teamIdIn] as { teamId?: unknown } | undefined)?.teamId
      : undefined;
    if (typeof named === 'string' && named && named !== user.teamId) throw refuse(options?.otherTeam ?? NOT_FOUND);
    return { userId: user.id, teamId: user.teamId, role: user.role };
  },
);
