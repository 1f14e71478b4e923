import { Injectable } from '@nestjs/common';
import type { EmailPresence as Presence } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../platform/auth';
import { UserDirectory } from '../../identity';
import { InboxEmailQueries } from '../queries/inbox-email.queries';
import { PresenceRegistry } from './presence.registry';

/**
 * Who is viewing or replying to which email of the team: short-lived state kept in memory (not events), checked
 * like a read (another team's email answers 404).
 */
@Injectable()
export class EmailPresence {
  constructor(
    private readonly registry: PresenceRegistry,
    private readonly directory: UserDirectory,
    private readonly inbox: InboxEmailQueries,
  ) {}

  async join(caller: TeamCaller, emailId: string): Promise<Presence> {
    return this.registry.join(caller.teamId, emailId, await this.viewer(caller, emailId));
  }

  async leave(caller: TeamCaller, emailId: string): Promise<Presence> {
    await this.inbox.requireEmail(caller.teamId, emailId);
    return this.registry.leave(caller.teamId, emailId, caller.userId);
  }

  async replying(caller: TeamCaller, emailId: string, replying: boolean): Promise<Presence> {
    return this.registry.replying(caller.teamId, emailId, await this.viewer(caller, emailId), replying);
  }

  private async viewer({ teamId, userId }: TeamCaller, emailId: string) {
    await this.inbox.requireEmail(teamId, emailId);
    const me = (await this.directory.membersOf(teamId)).find((member) => member.id === userId);
    return { userId, name: me?.name || null, email: me?.email ?? '' };
  }
}
