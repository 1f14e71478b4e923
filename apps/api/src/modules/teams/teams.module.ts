import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { IdentityModule, InvitationAcceptance } from '../identity';
import { AcceptInvitationHandler } from './commands/accept-invitation/accept-invitation.handler';
import { ChangeMemberRoleHandler } from './commands/change-member-role/change-member-role.handler';
import { CreateTeamHandler } from './commands/create-team/create-team.handler';
import { DeleteInvitationHandler } from './commands/delete-invitation/delete-invitation.handler';
import { RemoveMemberHandler } from './commands/remove-member/remove-member.handler';
import { SendInvitationHandler } from './commands/send-invitation/send-invitation.handler';
import { TeamCommandRunner } from './commands/team-command-runner';
import { INVITATION_SENT_PERSONAL_FIELDS } from './domain/invitation-personal-fields';
import { TeamStream } from './commands/team-stream';
import { InvitationController } from './http/invitation.controller';
import { TeamController } from './http/team.controller';
import { InvitationsProjection } from './projections/invitations/invitations.projection';
import { InvitationReadModel } from './projections/invitations/invitations.read-model';
import { TeamsProjection } from './projections/teams/teams.projection';
import { TeamReadModel } from './projections/teams/teams.read-model';
import { DescribeInvitationHandler } from './queries/describe-invitation/describe-invitation.handler';
import { GetInvitationHandler } from './queries/get-invitation/get-invitation.handler';
import { GetTeamHandler } from './queries/get-team/get-team.handler';
import { ListTeamMembersHandler } from './queries/list-team-members/list-team-members.handler';
import { JoinTeamRoomHandler } from './reactions/join-team-room.handler';
import { TeamInvitationAcceptance } from './team-invitation-acceptance';

/** Global: it provides the identity context's InvitationAcceptance port (registration and sign-in use it). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([TeamReadModel, InvitationReadModel]), IdentityModule],
  controllers: [TeamController, InvitationController],
  providers: [
    TeamsProjection,
    InvitationsProjection,
    TeamStream,
    TeamCommandRunner,
    CreateTeamHandler,
    SendInvitationHandler,
    DeleteInvitationHandler,
    AcceptInvitationHandler,
    ChangeMemberRoleHandler,
    RemoveMemberHandler,
    GetTeamHandler,
    GetInvitationHandler,
    DescribeInvitationHandler,
    ListTeamMembersHandler,
    JoinTeamRoomHandler,
    { provide: InvitationAcceptance, useClass: TeamInvitationAcceptance },
  ],
  exports: [InvitationAcceptance],
})
export class TeamsModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly teams: TeamsProjection,
    private readonly invitations: InvitationsProjection,
    private readonly personalData: PersonalDataRegistry,
  ) {}

  onModuleInit(): void {
    this.personalData.declare('InvitationSent', INVITATION_SENT_PERSONAL_FIELDS);
    this.runner.registerProjection(this.teams);
    this.runner.registerProjection(this.invitations);
  }
}
