import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { AcceptInvitationHandler } from './commands/accept-invitation/accept-invitation.handler';
import { ChangeMemberRoleHandler } from './commands/change-member-role/change-member-role.handler';
import { CreateTeamHandler } from './commands/create-team/create-team.handler';
import { DeleteInvitationHandler } from './commands/delete-invitation/delete-invitation.handler';
import { RemoveMemberHandler } from './commands/remove-member/remove-member.handler';
import { SendInvitationHandler } from './commands/send-invitation/send-invitation.handler';
import { TEAM_EVENT_TYPES } from './domain/team.decider';
import { InvitationsProjection } from './projections/invitations/invitations.projection';
import { TeamsProjection } from './projections/teams/teams.projection';
import { DescribeInvitationHandler } from './queries/describe-invitation/describe-invitation.handler';
import { GetInvitationHandler } from './queries/get-invitation/get-invitation.handler';
import { GetTeamHandler } from './queries/get-team/get-team.handler';
import { ListTeamMembersHandler } from './queries/list-team-members/list-team-members.handler';
import { JoinTeamRoomHandler } from './reactions/join-team-room.handler';

/** Teams, members and invitations: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const TEAMS_MANIFEST = defineModuleManifest({
  name: 'teams',
  events: TEAM_EVENT_TYPES,
  projections: [TeamsProjection, InvitationsProjection],
  reactions: [JoinTeamRoomHandler],
  commandHandlers: [
    CreateTeamHandler,
    SendInvitationHandler,
    DeleteInvitationHandler,
    AcceptInvitationHandler,
    ChangeMemberRoleHandler,
    RemoveMemberHandler,
  ],
  queryHandlers: [GetTeamHandler, GetInvitationHandler, DescribeInvitationHandler, ListTeamMembersHandler],
  pushes: [],
});
