/** What other modules may use of the teams context. */
export { TeamsModule } from './teams.module';
export { InvitationReadModel } from './projections/invitations/invitations.read-model';
export { TeamReadModel } from './projections/teams/teams.read-model';
export { TEAMS_MANIFEST } from './teams.manifest';
