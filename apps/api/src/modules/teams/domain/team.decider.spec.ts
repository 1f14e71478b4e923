import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import {
  ADDRESS_INVITATION_QUOTA_MESSAGE,
  ADMIN_ROLE_MESSAGE,
  INVITATION_COOLDOWN_MESSAGE,
  TEAM_INVITATION_QUOTA_MESSAGE,
  ALREADY_IN_TEAM_MESSAGE,
  ALREADY_MEMBER_MESSAGE,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  NOT_A_MANAGER_MESSAGE,
  OWN_ROLE_MESSAGE,
  REMOVE_ADMIN_MESSAGE,
  REMOVE_SELF_MESSAGE,
  teamDecider,
  type TeamCommand,
  type TeamEvent,
  TEAM_NAME_REQUIRED_MESSAGE,
  TEAM_NOT_FOUND_MESSAGE,
} from './team.decider';

const spec = deciderSpecification(teamDecider);
const create = (name: string, creatorTeamId: string | null = null) =>
  ({ type: 'CreateTeam', data: { teamId: 't1', name, creatorId: 'u1', creatorTeamId } }) as const;
const errorOf = (kind: DomainError['kind'], message: string) => (error: unknown) =>
  error instanceof DomainError && error.kind === kind && error.message === message;

describe('team decider', () => {
  it('creates a team with its creator as ADMIN', () => {
    spec
      .given([])
      .when(create('  Support  '))
      .then([
        { type: 'TeamCreated', data: { teamId: 't1', name: 'Support', createdBy: 'u1' } },
        { type: 'TeamMemberJoined', data: { teamId: 't1', userId: 'u1', role: 'ADMIN' } },
      ]);
  });

  it('refuses a blank name', () => {
    spec.given([]).when(create('   ')).thenThrows(errorOf('invalid', TEAM_NAME_REQUIRED_MESSAGE));
  });

  it('refuses a creator who already has a team', () => {
    spec.given([]).when(create('Support', 'other')).thenThrows(errorOf('conflict', ALREADY_IN_TEAM_MESSAGE));
  });

  it('refuses to create the same team twice', () => {
    spec
      .given([{ type: 'TeamCreated', data: { teamId: 't1', name: 'Support', createdBy: 'u1' } }])
      .when(create('Support'))
      .thenThrows(errorOf('conflict', ALREADY_IN_TEAM_MESSAGE));
  });

  it('tracks members in its state', () => {
    const state = [
      { type: 'TeamCreated', data: { teamId: 't1', name: 'Support', createdBy: 'u1' } },
      { type: 'TeamMemberJoined', data: { teamId: 't1', userId: 'u1', role: 'ADMIN' } },
    ].reduce(teamDecider.evolve as never, teamDecider.initialState());
    expect(state).toEqual({
      status: 'created',
      teamId: 't1',
      name: 'Support',
      members: { u1: 'ADMIN' },
      invitations: {},
      sends: [],
    });
  });
});

describe('team decider: invitations, roles and removals', () => {
  const created = { type: 'TeamCreated', data: { teamId: 't1', name: 'Support', createdBy: 'admin' } } as const;
  const joined = (userId: string, role: 'ADMIN' | 'MAINTAINER' | 'MEMBER' | 'AUDITOR') =>
    ({ type: 'TeamMemberJoined', data: { teamId: 't1', userId, role } }) as const;
  const team = [created, joined('admin', 'ADMIN'), joined('maint', 'MAINTAINER'), joined('member', 'MEMBER')];
  const expiresAt = new Date('2030-01-08T00:00:00.000Z');
  const sent = {
    type: 'InvitationSent',
    data: {
      teamId: 't1',
      invitationId: 'i1',
      email: 'new@example.com',
      tokenHash: 'h1',
      expiresAt: expiresAt.toISOString(),
      invitedBy: 'admin',
    },
  } as const;
  const now = new Date('2030-01-01T12:00:00.000Z');
  const invite = (
    actorId: string,
    email = 'New@Example.com',
    inviteeUserId: string | null = null,
    role: 'ADMIN' | 'MAINTAINER' | 'MEMBER' | 'AUDITOR' = 'MEMBER',
  ) =>
    ({
      type: 'SendInvitation',
      data: { actorId, invitationId: 'i2', email, tokenHash: 'h2', expiresAt, inviteeUserId, role, now },
    }) as const;
  const accept = (now: Date, over: Partial<{ tokenHash: string; email: string; userId: string }> = {}) =>
    ({
      type: 'AcceptInvitation',
      data: { invitationId: 'i1', tokenHash: 'h1', userId: 'newbie', email: 'new@example.com', now, ...over },
    }) as const;
  const before = new Date('2030-01-07T23:59:59.000Z');
  /** The InvitationSent of `invite(...)` for new@example.com, sent by this actor with this role. */
  const sentAs = (actor: string, role: string) => ({
    type: 'InvitationSent',
    data: {
      teamId: 't1',
      invitationId: 'i2',
      email: 'new@example.com',
      tokenHash: 'h2',
      expiresAt: expiresAt.toISOString(),
      invitedBy: actor,
      role,
    },
  });
  /** Given the events, the command is refused with the error the check accepts. */
  const refuses = (given: TeamEvent[], command: TeamCommand, check: (error: unknown) => boolean) =>
    spec.given(given).when(command).thenThrows(check);

  it('lets an ADMIN or a MAINTAINER invite, with the address lowercased', () => {
    for (const actor of ['admin', 'maint']) {
      spec
        .given(team)
        .when(invite(actor))
        .then([sentAs(actor, 'MEMBER')] as never);
    }
  });

  it('invites with a role: an ADMIN or a MAINTAINER as AUDITOR, only an ADMIN as ADMIN', () => {
    for (const actor of ['admin', 'maint']) {
      spec
        .given(team)
        .when(invite(actor, 'new@example.com', null, 'AUDITOR'))
        .then([sentAs(actor, 'AUDITOR')] as never);
    }
    spec
      .given(team)
      .when(invite('admin', 'new@example.com', null, 'ADMIN'))
      .then([sentAs('admin', 'ADMIN')] as never);
    refuses(team, invite('maint', 'new@example.com', null, 'ADMIN'), errorOf('forbidden', ADMIN_ROLE_MESSAGE));
    refuses(
      [...team, joined('auditor', 'AUDITOR')],
      invite('auditor', 'new@example.com', null, 'AUDITOR'),
      errorOf('forbidden', NOT_A_MANAGER_MESSAGE),
    );
  });

  it('accepts an invitation with the role it was sent with (MEMBER for one sent without a role)', () => {
    spec
      .given([...team, { type: 'InvitationSent', data: { ...sent.data, role: 'AUDITOR' } }])
      .when(accept(before))
      .then([
        { type: 'InvitationAccepted', data: { teamId: 't1', invitationId: 'i1', userId: 'newbie' } },
        { type: 'TeamMemberJoined', data: { teamId: 't1', userId: 'newbie', role: 'AUDITOR' } },
      ]);
  });

  it('keeps to the invitation quotas, decided on the sends of the last day', () => {
    const ago = (ms: number) => new Date(now.getTime() - ms);
    // An invitation sent at `at` expires INVITATION_TTL_DAYS later: that is when the decider knows it was sent.
    const sentTo = (email: string, at: Date, n: number) =>
      ({
        type: 'InvitationSent',
        data: {
          teamId: 't1',
          invitationId: `s${n}`,
          email,
          tokenHash: `hs${n}`,
          expiresAt: new Date(at.getTime() + 7 * 24 * 3600_000).toISOString(),
          invitedBy: 'admin',
        },
      }) as const;
    refuses(
      [...team, sentTo('new@example.com', ago(30_000), 1)],
      invite('admin'),
      errorOf('rate-limited', INVITATION_COOLDOWN_MESSAGE),
    );
    const fiveToday = [1, 2, 3, 4, 5].map((h) => sentTo('new@example.com', ago(h * 3600_000), h));
    refuses([...team, ...fiveToday], invite('admin'), errorOf('rate-limited', ADDRESS_INVITATION_QUOTA_MESSAGE));
    const fiftyOthers = Array.from({ length: 50 }, (_, i) =>
      sentTo(`other${i}@example.com`, ago(i * 60_000 + 61_000), i),
    );
    refuses([...team, ...fiftyOthers], invite('admin'), errorOf('rate-limited', TEAM_INVITATION_QUOTA_MESSAGE));
    // Sends older than a day and a minute-old send count for nothing.
    const old = [
      ...[1, 2, 3, 4, 5].map((h) => sentTo('new@example.com', ago(25 * 3600_000 + h), h)),
      sentTo('new@example.com', ago(61_000), 6),
    ];
    spec
      .given([...team, ...old])
      .when(invite('admin'))
      .then([
        {
          type: 'InvitationSent',
          data: {
            teamId: 't1',
            invitationId: 's1', // the address's open invitation, re-issued
            role: 'MEMBER',
            email: 'new@example.com',
            tokenHash: 'h2',
            expiresAt: expiresAt.toISOString(),
            invitedBy: 'admin',
          },
        },
      ]);
  });

  it('refuses a MEMBER and a stranger', () => {
    refuses(team, invite('member'), errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
    refuses(team, invite('stranger'), errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
    refuses([], invite('admin'), errorOf('not-found', TEAM_NOT_FOUND_MESSAGE));
  });

  it('refuses to invite a member', () => {
    refuses(team, invite('admin', 'member@example.com', 'member'), errorOf('conflict', ALREADY_MEMBER_MESSAGE));
  });

  it('re-issues an open invitation under its own id with the new token', () => {
    spec
      .given([...team, sent])
      .when(invite('maint'))
      .then([{ type: 'InvitationSent', data: { ...sent.data, tokenHash: 'h2', invitedBy: 'maint', role: 'MEMBER' } }]);
  });

  it('deletes an open invitation; a MEMBER may not; an unknown or closed one is not found', () => {
    const del = (actorId: string, invitationId = 'i1') =>
      ({ type: 'DeleteInvitation', data: { actorId, invitationId } }) as const;
    spec
      .given([...team, sent])
      .when(del('maint'))
      .then([{ type: 'InvitationDeleted', data: { teamId: 't1', invitationId: 'i1' } }]);
    refuses([...team, sent], del('member'), errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
    refuses([...team, sent], del('admin', 'other'), errorOf('not-found', INVITATION_NOT_FOUND_MESSAGE));
    refuses(
      [...team, sent, { type: 'InvitationDeleted', data: { teamId: 't1', invitationId: 'i1' } }],
      del('admin'),
      errorOf('not-found', INVITATION_NOT_FOUND_MESSAGE),
    );
  });

  it('accepts a usable invitation: the user joins as MEMBER', () => {
    spec
      .given([...team, sent])
      .when(accept(before, { email: ' NEW@example.com' }))
      .then([
        { type: 'InvitationAccepted', data: { teamId: 't1', invitationId: 'i1', userId: 'newbie' } },
        { type: 'TeamMemberJoined', data: { teamId: 't1', userId: 'newbie', role: 'MEMBER' } },
      ]);
  });

  it('refuses an expired, used, deleted or replaced invitation', () => {
    const expired = errorOf('not-found', INVITATION_EXPIRED_MESSAGE);
    refuses([...team, sent], accept(expiresAt), expired);
    refuses([...team, sent], accept(before, { tokenHash: 'other' }), expired);
    refuses(
      [...team, sent, { type: 'InvitationAccepted', data: { teamId: 't1', invitationId: 'i1', userId: 'x' } }],
      accept(before),
      expired,
    );
    refuses(
      [...team, sent, { type: 'InvitationDeleted', data: { teamId: 't1', invitationId: 'i1' } }],
      accept(before),
      expired,
    );
    refuses(
      [...team, sent, { type: 'InvitationSent', data: { ...sent.data, tokenHash: 'h9' } }],
      accept(before),
      expired,
    );
  });

  it('refuses an invitation for another address and a user already in the team', () => {
    refuses(
      [...team, sent],
      accept(before, { email: 'someone@example.com' }),
      errorOf('invalid', INVITATION_OTHER_EMAIL_MESSAGE),
    );
    refuses([...team, sent], accept(before, { userId: 'member' }), errorOf('conflict', ALREADY_IN_TEAM_MESSAGE));
  });

  describe('roles', () => {
    const change = (actorId: string, userId: string, role: 'ADMIN' | 'MAINTAINER' | 'MEMBER' | 'AUDITOR') =>
      ({ type: 'ChangeMemberRole', data: { actorId, userId, role } }) as const;
    const changed = (userId: string, role: string, previousRole: string) => ({
      type: 'MemberRoleChanged',
      data: { teamId: 't1', userId, role, previousRole },
    });
    /** Given the events, the command changes a role as `event` records it. */
    const changes = (given: TeamEvent[], command: TeamCommand, event: ReturnType<typeof changed>) =>
      spec
        .given(given)
        .when(command)
        .then([event] as never);

    it('lets an ADMIN give any role, a MAINTAINER only MAINTAINER or MEMBER', () => {
      changes(team, change('admin', 'member', 'ADMIN'), changed('member', 'ADMIN', 'MEMBER'));
      changes(team, change('admin', 'maint', 'MEMBER'), changed('maint', 'MEMBER', 'MAINTAINER'));
      changes(team, change('maint', 'member', 'MAINTAINER'), changed('member', 'MAINTAINER', 'MEMBER'));
      refuses(team, change('maint', 'member', 'ADMIN'), errorOf('forbidden', ADMIN_ROLE_MESSAGE));
      refuses(team, change('maint', 'admin', 'MEMBER'), errorOf('forbidden', ADMIN_ROLE_MESSAGE));
    });

    it('lets an ADMIN or a MAINTAINER make a member an AUDITOR and back; an AUDITOR changes no role', () => {
      for (const actor of ['admin', 'maint']) {
        changes(team, change(actor, 'member', 'AUDITOR'), changed('member', 'AUDITOR', 'MEMBER'));
        changes(
          [...team, joined('auditor', 'AUDITOR')],
          change(actor, 'auditor', 'MEMBER'),
          changed('auditor', 'MEMBER', 'AUDITOR'),
        );
      }
      refuses(team, change('maint', 'admin', 'AUDITOR'), errorOf('forbidden', ADMIN_ROLE_MESSAGE));
      refuses(
        [...team, joined('auditor', 'AUDITOR')],
        change('auditor', 'member', 'AUDITOR'),
        errorOf('forbidden', NOT_A_MANAGER_MESSAGE),
      );
    });

    it('refuses a MEMBER, one’s own role and an unknown member', () => {
      refuses(team, change('member', 'maint', 'MEMBER'), errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
      refuses(team, change('admin', 'admin', 'MEMBER'), errorOf('invalid', OWN_ROLE_MESSAGE));
      refuses(team, change('admin', 'ghost', 'MEMBER'), errorOf('not-found', MEMBER_NOT_FOUND_MESSAGE));
    });

    it('records nothing when the role stays the same, and tracks the new role', () => {
      spec
        .given(team)
        .when(change('admin', 'member', 'MEMBER'))
        .then([]);
      refuses(
        [...team, changed('member', 'MAINTAINER', 'MEMBER')] as never,
        change('maint', 'member', 'ADMIN'),
        errorOf('forbidden', ADMIN_ROLE_MESSAGE),
      );
    });

    it('lets one ADMIN demote another', () => {
      const twoAdmins = [...team, changed('maint', 'ADMIN', 'MAINTAINER')] as never;
      changes(twoAdmins, change('maint', 'admin', 'MEMBER'), changed('admin', 'MEMBER', 'ADMIN'));
    });
  });

  describe('removals', () => {
    const remove = (actorId: string, userId: string) => ({ type: 'RemoveMember', data: { actorId, userId } }) as const;

    it('lets an ADMIN or a MAINTAINER remove a MEMBER or a MAINTAINER', () => {
      spec
        .given(team)
        .when(remove('maint', 'member'))
        .then([{ type: 'TeamMemberRemoved', data: { teamId: 't1', userId: 'member' } }]);
      spec
        .given(team)
        .when(remove('admin', 'maint'))
        .then([{ type: 'TeamMemberRemoved', data: { teamId: 't1', userId: 'maint' } }]);
    });

    it('never by a MEMBER, never oneself, never an ADMIN, never a stranger', () => {
      refuses(team, remove('member', 'maint'), errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
      refuses(team, remove('maint', 'maint'), errorOf('invalid', REMOVE_SELF_MESSAGE));
      refuses(team, remove('maint', 'admin'), errorOf('forbidden', REMOVE_ADMIN_MESSAGE));
      refuses(team, remove('admin', 'ghost'), errorOf('not-found', MEMBER_NOT_FOUND_MESSAGE));
    });

    it('forgets a removed member, who may be invited again', () => {
      refuses(
        [...team, { type: 'TeamMemberRemoved', data: { teamId: 't1', userId: 'member' } }],
        remove('admin', 'member'),
        errorOf('not-found', MEMBER_NOT_FOUND_MESSAGE),
      );
      spec
        .given([...team, { type: 'TeamMemberRemoved', data: { teamId: 't1', userId: 'member' } }])
        .when(invite('admin', 'member@example.com', 'member'))
        .then([
          {
            type: 'InvitationSent',
            data: {
              teamId: 't1',
              invitationId: 'i2',
              role: 'MEMBER',
              email: 'member@example.com',
              tokenHash: 'h2',
              expiresAt: expiresAt.toISOString(),
              invitedBy: 'admin',
            },
          },
        ]);
    });
  });
});
