import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler';
import { ClaimTeamSeatHandler } from './commands/claim-team-seat/claim-team-seat.handler';
import { ProveEmailByInvitationHandler } from './commands/prove-email-by-invitation/prove-email-by-invitation.handler';
import { RegisterUserHandler } from './commands/register-user/register-user.handler';
import { ReleaseTeamSeatHandler } from './commands/release-team-seat/release-team-seat.handler';
import { SendLoginLinkHandler } from './commands/send-login-link/send-login-link.handler';
import { SignInWithLoginLinkHandler } from './commands/sign-in-with-login-link/sign-in-with-login-link.handler';
import { SignInHandler } from './commands/sign-in/sign-in.handler';
import { UsersProjection } from './projections/users/users.projection';
import { GetCurrentUserHandler } from './queries/get-current-user/get-current-user.handler';
import { EndSessionsHandler } from './reactions/end-sessions.handler';

/** Users, sign-in and sessions: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const IDENTITY_MANIFEST = defineModuleManifest({
  name: 'identity',
  events: [
    'UserRegistered',
    'UserEmailReserved',
    'UserPasswordChanged',
    'UserEmailProven',
    'UserPasswordRehashed',
    'TeamMembershipClaimed',
    'TeamMembershipReleased',
    'LoginLinkIssued',
    'LoginLinkUsed',
  ],
  projections: [UsersProjection],
  reactions: [EndSessionsHandler],
  commandHandlers: [
    RegisterUserHandler,
    SignInHandler,
    SendLoginLinkHandler,
    SignInWithLoginLinkHandler,
    ChangePasswordHandler,
    ClaimTeamSeatHandler,
    ProveEmailByInvitationHandler,
    ReleaseTeamSeatHandler,
  ],
  queryHandlers: [GetCurrentUserHandler],
  pushes: [],
});
