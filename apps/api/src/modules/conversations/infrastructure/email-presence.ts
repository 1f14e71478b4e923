import { Injectable } from '@nestjs/common';
import type { EmailPresence as Presence } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../platform/auth';
import { InboxEmailQueries } from '../queries/inbox-email.queries';
import { PresenceRegistry } from './presence.registry';

/**
 * Who is viewing or replying to which email of the team: short-lived state shared by the replicas in PostgreSQL
 * (not events), checked like a read (another team's email answers 404).
 */
@Injectable()
export class EmailPresence {
  constructor(
    private readonly registry: PresenceRegistry,
    private readonly inbox: InboxEmailQueries,
  ) {}

  async join({ teamId, userId }: TeamCaller, emailId: string): Promise<Presence> {
    await this.inbox.requireEmail(teamId, emailId);
    return this.registry.join(teamId, emailId, userId);
  }

  async leave({ teamId, userId }: TeamCaller, emailId: string): Promise<Presence> {
    await this.inbox.requireEmail(teamId, emailId);
    return this.registry.leave(teamId, emailId, userId);
  }

  async replying({ teamId, userId }: TeamCaller, emailId: string, replying: boolean): Promise<Presence> {
    await this.inbox.requireEmail(teamId, emailId);
    return this.registry.replying(teamId, emailId, userId, replying);
  }
}
