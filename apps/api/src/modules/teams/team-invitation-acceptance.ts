import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DomainError } from '../../platform/event-sourcing';
import type { InvitationAcceptance } from '../identity';
import { AcceptInvitationCommand } from './commands/accept-invitation/accept-invitation.command';
import { INVITATION_OTHER_EMAIL_MESSAGE } from './domain/team.decider';
import { invitationUnavailable } from './invitation-unavailable';
import { GetInvitationQuery } from './queries/get-invitation/get-invitation.query';

/** The identity context's InvitationAcceptance, by this context's invitation query and AcceptInvitation command. */
@Injectable()
export class TeamInvitationAcceptance implements InvitationAcceptance {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async check(token: string, email: string): Promise<void> {
    const invitation = await this.queries.execute(new GetInvitationQuery(token));
    if (!invitation || invitation.state !== 'usable') throw invitationUnavailable(invitation !== null);
    if (invitation.email !== email) throw new DomainError('invalid', INVITATION_OTHER_EMAIL_MESSAGE);
  }

  accept(userId: string, token: string): Promise<void> {
    return this.commands.execute(new AcceptInvitationCommand(userId, token));
  }
}
