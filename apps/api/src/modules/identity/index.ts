/** What other modules may use of the identity context. */
export { IdentityModule } from './identity.module';
export { ClaimTeamSeatCommand } from './commands/claim-team-seat/claim-team-seat.command';
export { ReleaseTeamSeatCommand } from './commands/release-team-seat/release-team-seat.command';
export { ProveEmailByInvitationCommand } from './commands/prove-email-by-invitation/prove-email-by-invitation.command';
export { displayNameSql } from './display-name.sql';
export { InvitationAcceptance } from './invitation-acceptance';
export { USERS_PROJECTION } from './projections/users/users.projection';
export { UserReadModel } from './projections/users/users.read-model';
export { type DirectoryUser, UserDirectory } from './user-directory';
export { AccountErasure } from './account-erasure';
export { isErasedAccount } from './user-directory';
export { IDENTITY_MANIFEST } from './identity.manifest';
