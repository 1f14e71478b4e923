/** What other modules may use of the identity context. */
export { IdentityModule } from './identity.module';
export { displayNameSql } from './display-name.sql';
export { userDecider, userStreamId } from './domain/user.decider';
export { USERS_PROJECTION } from './projections/users/users.projection';
export { UserReadModel } from './projections/users/users.read-model';
export { type DirectoryUser, type Membership, UserDirectory } from './user-directory';
