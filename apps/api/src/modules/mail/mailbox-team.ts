import { Injectable } from '@nestjs/common';
import { UserDirectory } from '../identity/user-directory';
import { DomainError } from '../shared/domain-error';

export const MAILBOX_TEAM_REQUIRED_MESSAGE = 'Create a team first: the email server configuration belongs to a team.';
/** The spec's text for a 403. */
export const FORBIDDEN_MESSAGE = 'Forbidden!';

/** Roles that may change the team's mailbox (configuration, test, folders, fetch, OAuth, quarantine). */
export const MAILBOX_MANAGER_ROLES: readonly string[] = ['ADMIN', 'MAINTAINER'];

/** The caller's team (from the users read model, never from the request); a user without one gets a 404. */
@Injectable()
export class MailboxTeam {
  constructor(private readonly directory: UserDirectory) {}

  async of(userId: string): Promise<string> {
    const teamId = await this.directory.teamOf(userId);
    if (!teamId) throw new DomainError('not-found', MAILBOX_TEAM_REQUIRED_MESSAGE);
    return teamId;
  }

  /** The caller's team when the caller may change its mailbox (ADMIN, MAINTAINER); a MEMBER gets 403 'Forbidden!'. */
  async managedBy(userId: string): Promise<string> {
    const membership = await this.directory.membershipOf(userId);
    if (!membership) throw new DomainError('not-found', MAILBOX_TEAM_REQUIRED_MESSAGE);
    if (!MAILBOX_MANAGER_ROLES.includes(membership.role)) throw new DomainError('forbidden', FORBIDDEN_MESSAGE);
    return membership.teamId;
  }
}
