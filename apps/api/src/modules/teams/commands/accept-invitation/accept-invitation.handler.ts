import { CommandBus, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../platform/auth/clock';
import { DomainError, ReadYourWrites } from '../../../../platform/event-sourcing';
import { RequestContext } from '../../../../platform/request-context';
import { ProveEmailByInvitationCommand, USERS_PROJECTION, UserDirectory } from '../../../identity';
import { ALREADY_IN_TEAM_MESSAGE, INVITATION_OTHER_EMAIL_MESSAGE } from '../../domain/team.decider';
import { invitationUnavailable } from '../../invitation-unavailable';
import { INVITATIONS_PROJECTION } from '../../projections/invitations/invitations.projection';
import { GetInvitationQuery } from '../../queries/get-invitation/get-invitation.query';
import { TeamStream } from '../team-stream';
import { AcceptInvitationCommand } from './accept-invitation.command';

/**
 * Takes the user's seat, then accepts on the team's stream (where the token, its expiry and its single
 * use are decided); a refusal there gives the seat back. The invited user is the actor. An accepted invitation proves
 * the user's address (identity's ProveEmailByInvitation: `UserEmailProven` on the user's stream).
 */
@CommandHandler(AcceptInvitationCommand)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitationCommand, void> {
  constructor(
    private readonly teams: TeamStream,
    private readonly directory: UserDirectory,
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly readYourWrites: ReadYourWrites,
    private readonly clock: Clock,
  ) {}

  execute({ userId, token }: AcceptInvitationCommand): Promise<void> {
    return RequestContext.actAs({ kind: 'user', id: userId }, () => this.accept(userId, token));
  }

  private async accept(userId: string, token: string): Promise<void> {
    const invitation = await this.queries.execute(new GetInvitationQuery(token));
    if (!invitation || invitation.state !== 'usable') throw invitationUnavailable(invitation !== null);
    const user = await this.directory.byId(userId);
    if (!user) throw new DomainError('unauthorized', 'Unknown user');
    if (user.email !== invitation.email) throw new DomainError('invalid', INVITATION_OTHER_EMAIL_MESSAGE);
    if (user.teamId) throw new DomainError('conflict', ALREADY_IN_TEAM_MESSAGE);

    const { teamId, invitationId, tokenHash } = invitation;
    const tookSeat = await this.teams.claimSeat(userId, teamId);
    let appended;
    try {
      appended = await this.teams.decide(teamId, {
        type: 'AcceptInvitation',
        data: { invitationId, tokenHash, userId, email: user.email, now: this.clock.now() },
      });
    } catch (error) {
      if (tookSeat) await this.teams.undoClaim(userId, teamId);
      throw error;
    }
    await this.readYourWrites.waitFor(appended?.position, [USERS_PROJECTION, INVITATIONS_PROJECTION]);
    await this.commands.execute(new ProveEmailByInvitationCommand(userId, teamId));
  }
}
