import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import {
  ALREADY_IN_TEAM_MESSAGE,
  emailReservationDecider,
  emailReservationStreamId,
  EMAIL_TAKEN_MESSAGE,
  userDecider,
} from './user.decider';

const isConflict = (error: unknown) =>
  error instanceof DomainError && error.kind === 'conflict' && error.message === EMAIL_TAKEN_MESSAGE;

describe('user decider', () => {
  const spec = deciderSpecification(userDecider);

  it('registers a new user with a lowercased email', () => {
    spec
      .given([])
      .when({ type: 'RegisterUser', data: { userId: 'u1', email: ' Alice@Example.COM ' } })
      .then([{ type: 'UserRegistered', data: { userId: 'u1', email: 'alice@example.com' } }]);
  });

  it('proves an address with its first login link: the password set at registration is dropped, once', () => {
    const registered = {
      type: 'UserRegistered',
      data: { userId: 'u1', email: 'a@example.com' },
    } as const;
    spec
      .given([registered])
      .when({ type: 'ProveEmail', data: {} })
      .then([
        { type: 'UserEmailProven', data: { userId: 'u1' } },
        { type: 'UserPasswordChanged', data: { userId: 'u1', passwordCleared: true } },
      ]);
    spec
      .given([registered, { type: 'UserEmailProven', data: { userId: 'u1' } }])
      .when({ type: 'ProveEmail', data: {} })
      .then([]);
    // Registered through an invitation sent to the address: proven from the start.
    spec
      .given([{ ...registered, data: { ...registered.data, emailProven: true } }])
      .when({ type: 'ProveEmail', data: {} })
      .then([]);
  });

  it('proves an address by an accepted invitation without touching the password, once', () => {
    const registered = { type: 'UserRegistered', data: { userId: 'u1', email: 'a@example.com' } } as const;
    spec
      .given([registered])
      .when({ type: 'ProveEmailByInvitation', data: {} })
      .then([{ type: 'UserEmailProven', data: { userId: 'u1', via: 'invitation' } }]);
    spec
      .given([registered, { type: 'UserEmailProven', data: { userId: 'u1', via: 'invitation' } }])
      .when({ type: 'ProveEmailByInvitation', data: {} })
      .then([]);
    // Proven by invitation: a later login link no longer clears the password.
    spec
      .given([registered, { type: 'UserEmailProven', data: { userId: 'u1', via: 'invitation' } }])
      .when({ type: 'ProveEmail', data: {} })
      .then([]);
  });

  it('records a rehashed password', () => {
    spec
      .given([{ type: 'UserRegistered', data: { userId: 'u1', email: 'a@example.com' } }])
      .when({ type: 'RehashPassword', data: {} })
      .then([{ type: 'UserPasswordRehashed', data: { userId: 'u1' } }]);
  });

  it('refuses to register the same user twice', () => {
    spec
      .given([{ type: 'UserRegistered', data: { userId: 'u1', email: 'alice@example.com' } }])
      .when({ type: 'RegisterUser', data: { userId: 'u1', email: 'alice@example.com' } })
      .thenThrows(isConflict);
  });
});

describe('email reservation decider', () => {
  const spec = deciderSpecification(emailReservationDecider);

  it('reserves a free address', () => {
    spec
      .given([])
      .when({ type: 'ReserveEmail', data: { userId: 'u1' } })
      .then([{ type: 'UserEmailReserved', data: { userId: 'u1' } }]);
  });

  it('refuses an address reserved by someone else', () => {
    spec
      .given([{ type: 'UserEmailReserved', data: { userId: 'u1' } }])
      .when({ type: 'ReserveEmail', data: { userId: 'u2' } })
      .thenThrows(isConflict);
  });

  it('is idempotent for the same user', () => {
    spec
      .given([{ type: 'UserEmailReserved', data: { userId: 'u1' } }])
      .when({ type: 'ReserveEmail', data: { userId: 'u1' } })
      .then([]);
  });

  it('names the stream by a hash of the lowercased address, not the address', () => {
    const id = emailReservationStreamId('Alice@Example.com');
    expect(id).toBe(emailReservationStreamId('alice@example.com'));
    expect(id).toMatch(/^user-email-[0-9a-f]{64}$/);
    expect(id).not.toContain('alice');
  });
});

describe('user decider: passwords and the team seat', () => {
  const spec = deciderSpecification(userDecider);
  const registered = {
    type: 'UserRegistered',
    data: { userId: 'u1', email: 'a@example.com' },
  } as const;
  const claimed = { type: 'TeamMembershipClaimed', data: { userId: 'u1', teamId: 't1' } } as const;
  const errorOf = (kind: DomainError['kind']) => (error: unknown) =>
    error instanceof DomainError && error.kind === kind;

  it('changes the password of a registered user', () => {
    spec
      .given([registered])
      .when({ type: 'ChangePassword', data: {} })
      .then([{ type: 'UserPasswordChanged', data: { userId: 'u1' } }]);
  });

  it('knows no unregistered user', () => {
    spec.given([]).when({ type: 'ChangePassword', data: {} }).thenThrows(errorOf('not-found'));
    spec
      .given([])
      .when({ type: 'ClaimTeamMembership', data: { teamId: 't1' } })
      .thenThrows(errorOf('not-found'));
  });

  it('claims a free seat, once', () => {
    spec
      .given([registered])
      .when({ type: 'ClaimTeamMembership', data: { teamId: 't1' } })
      .then([claimed]);
    spec
      .given([registered, claimed])
      .when({ type: 'ClaimTeamMembership', data: { teamId: 't1' } })
      .then([]);
  });

  it('refuses a second team while the seat is taken', () => {
    spec
      .given([registered, claimed])
      .when({ type: 'ClaimTeamMembership', data: { teamId: 't2' } })
      .thenThrows(
        (error) =>
          error instanceof DomainError && error.kind === 'conflict' && error.message === ALREADY_IN_TEAM_MESSAGE,
      );
  });

  it('frees the seat of the team it was taken for only, and then takes another', () => {
    const released = { type: 'TeamMembershipReleased', data: { userId: 'u1', teamId: 't1' } } as const;
    spec
      .given([registered, claimed])
      .when({ type: 'ReleaseTeamMembership', data: { teamId: 't1' } })
      .then([released]);
    spec
      .given([registered, claimed])
      .when({ type: 'ReleaseTeamMembership', data: { teamId: 't2' } })
      .then([]);
    spec
      .given([registered, claimed, released])
      .when({ type: 'ClaimTeamMembership', data: { teamId: 't2' } })
      .then([{ type: 'TeamMembershipClaimed', data: { userId: 'u1', teamId: 't2' } }]);
  });
});
