import { Injectable } from '@nestjs/common';
import { UserDirectory } from '../identity';
import { DomainError } from '../../platform/event-sourcing';

export const MAILBOX_TEAM_REQUIRED_MESSAGE = 'Create a team first: the email server configuration belongs to a team.';

/** The caller's team (from the users read model, never from the request); a user without one gets a 404. */
@Injectable()
export class MailboxTeam {
  constructor(private readonly directory: UserDirectory) {}

  async of(userId: string): Promise<string> {
    const teamId = await this.directory.teamOf(userId);
    if (!teamId) throw new DomainError('not-found', MAILBOX_TEAM_REQUIRED_MESSAGE);
    return teamId;
  }
}
