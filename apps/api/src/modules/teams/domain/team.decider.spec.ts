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

  it('lets an ADMIN or a MAINTAINER invite, with the address lowercased', () => {
    for (const actor of ['admin', 'maint']) {
      spec
        .given(team)
        .when(invite(actor))
        .then([
          {
            type: 'InvitationSent',
            data: {
              teamId: 't1',
              invitationId: 'i2',
              email: 'new@example.com',
              tokenHash: 'h2',
              expiresAt: expiresAt.toISOString(),
              invitedBy: actor,
              role: 'MEMBER',
            },
          },
        ]);
    }
  });

  it('invites with a role: an ADMIN or a MAINTAINER as AUDITOR, only an ADMIN as ADMIN', () => {
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
    spec
      .given(team)
      .when(invite('maint', 'new@example.com', null, 'ADMIN'))
      .thenThrows(errorOf('forbidden', ADMIN_ROLE_MESSAGE));
    spec
      .given([...team, joined('auditor', 'AUDITOR')])
      .when(invite('auditor', 'new@example.com', null, 'AUDITOR'))
      .thenThrows(errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
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
    spec
      .given([...team, sentTo('new@example.com', ago(30_000), 1)])
      .when(invite('admin'))
      .thenThrows(errorOf('rate-limited', INVITATION_COOLDOWN_MESSAGE));
    const fiveToday = [1, 2, 3, 4, 5].map((h) => sentTo('new@example.com', ago(h * 3600_000), h));
    spec
      .given([...team, ...fiveToday])
      .when(invite('admin'))
      .thenThrows(errorOf('rate-limited', ADDRESS_INVITATION_QUOTA_MESSAGE));
    const fiftyOthers = Array.from({ length: 50 }, (_, i) =>
      sentTo(`other${i}@example.com`, ago(i * 60_000 + 61_000), i),
    );
    spec
      .given([...team, ...fiftyOthers])
      .when(invite('admin'))
      .thenThrows(errorOf('rate-limited', TEAM_INVITATION_QUOTA_MESSAGE));
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
    spec.given(team).when(invite('member')).thenThrows(errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
    spec.given(team).when(invite('stranger')).thenThrows(errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
    spec.given([]).when(invite('admin')).thenThrows(errorOf('not-found', TEAM_NOT_FOUND_MESSAGE));
  });

  it('refuses to invite a member', () => {
    spec
      .given(team)
      .when(invite('admin', 'member@example.com', 'member'))
      .thenThrows(errorOf('conflict', ALREADY_MEMBER_MESSAGE));
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
    spec
      .given([...team, sent])
      .when(del('member'))
      .thenThrows(errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
    spec
      .given([...team, sent])
      .when(del('admin', 'other'))
      .thenThrows(errorOf('not-found', INVITATION_NOT_FOUND_MESSAGE));
    spec
      .given([...team, sent, { type: 'InvitationDeleted', data: { teamId: 't1', invitationId: 'i1' } }])
      .when(del('admin'))
      .thenThrows(errorOf('not-found', INVITATION_NOT_FOUND_MESSAGE));
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
    spec
      .given([...team, sent])
      .when(accept(expiresAt))
      .thenThrows(expired);
    spec
      .given([...team, sent])
      .when(accept(before, { tokenHash: 'other' }))
      .thenThrows(expired);
    spec
      .given([...team, sent, { type: 'InvitationAccepted', data: { teamId: 't1', invitationId: 'i1', userId: 'x' } }])
      .when(accept(before))
      .thenThrows(expired);
    spec
      .given([...team, sent, { type: 'InvitationDeleted', data: { teamId: 't1', invitationId: 'i1' } }])
      .when(accept(before))
      .thenThrows(expired);
    spec
      .given([...team, sent, { type: 'InvitationSent', data: { ...sent.data, tokenHash: 'h9' } }])
      .when(accept(before))
      .thenThrows(expired);
  });

  it('refuses an invitation for another address and a user already in the team', () => {
    spec
      .given([...team, sent])
      .when(accept(before, { email: 'someone@example.com' }))
      .thenThrows(errorOf('invalid', INVITATION_OTHER_EMAIL_MESSAGE));
    spec
      .given([...team, sent])
      .when(accept(before, { userId: 'member' }))
      .thenThrows(errorOf('conflict', ALREADY_IN_TEAM_MESSAGE));
  });

  describe('roles', () => {
    const change = (actorId: string, userId: string, role: 'ADMIN' | 'MAINTAINER' | 'MEMBER' | 'AUDITOR') =>
      ({ type: 'ChangeMemberRole', data: { actorId, userId, role } }) as const;
    const changed = (userId: string, role: string, previousRole: string) => ({
      type: 'MemberRoleChanged',
      data: { teamId: 't1', userId, role, previousRole },
    });

    it('lets an ADMIN give any role, a MAINTAINER only MAINTAINER or MEMBER', () => {
      spec
        .given(team)
        .when(change('admin', 'member', 'ADMIN'))
        .then([changed('member', 'ADMIN', 'MEMBER')] as never);
      spec
        .given(team)
        .when(change('admin', 'maint', 'MEMBER'))
        .then([changed('maint', 'MEMBER', 'MAINTAINER')] as never);
      spec
        .given(team)
        .when(change('maint', 'member', 'MAINTAINER'))
        .then([changed('member', 'MAINTAINER', 'MEMBER')] as never);
      spec
        .given(team)
        .when(change('maint', 'member', 'ADMIN'))
        .thenThrows(errorOf('forbidden', ADMIN_ROLE_MESSAGE));
      spec
        .given(team)
        .when(change('maint', 'admin', 'MEMBER'))
        .thenThrows(errorOf('forbidden', ADMIN_ROLE_MESSAGE));
    });

    it('lets an ADMIN or a MAINTAINER make a member an AUDITOR and back; an AUDITOR changes no role', () => {
      for (const actor of ['admin', 'maint']) {
        spec
          .given(team)
          .when(change(actor, 'member', 'AUDITOR'))
          .then([changed('member', 'AUDITOR', 'MEMBER')] as never);
        spec
          .given([...team, joined('auditor', 'AUDITOR')])
          .when(change(actor, 'auditor', 'MEMBER'))
          .then([changed('auditor', 'MEMBER', 'AUDITOR')] as never);
      }
      spec
        .given(team)
        .when(change('maint', 'admin', 'AUDITOR'))
        .thenThrows(errorOf('forbidden', ADMIN_ROLE_MESSAGE));
      spec
        .given([...team, joined('auditor', 'AUDITOR')])
        .when(change('auditor', 'member', 'AUDITOR'))
        .thenThrows(errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
    });

    it('refuses a MEMBER, one’s own role and an unknown member', () => {
      spec
        .given(team)
        .when(change('member', 'maint', 'MEMBER'))
        .thenThrows(errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
      spec
        .given(team)
        .when(change('admin', 'admin', 'MEMBER'))
        .thenThrows(errorOf('invalid', OWN_ROLE_MESSAGE));
      spec
        .given(team)
        .when(change('admin', 'ghost', 'MEMBER'))
        .thenThrows(errorOf('not-found', MEMBER_NOT_FOUND_MESSAGE));
    });

    it('records nothing when the role stays the same, and tracks the new role', () => {
      spec
        .given(team)
        .when(change('admin', 'member', 'MEMBER'))
        .then([]);
      spec
        .given([...team, changed('member', 'MAINTAINER', 'MEMBER')] as never)
        .when(change('maint', 'member', 'ADMIN'))
        .thenThrows(errorOf('forbidden', ADMIN_ROLE_MESSAGE));
    });

    it('lets one ADMIN demote another', () => {
      const twoAdmins = [...team, changed('maint', 'ADMIN', 'MAINTAINER')] as never;
      spec
        .given(twoAdmins)
        .when(change('maint', 'admin', 'MEMBER'))
        .then([changed('admin', 'MEMBER', 'ADMIN')] as never);
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
      spec.given(team).when(remove('member', 'maint')).thenThrows(errorOf('forbidden', NOT_A_MANAGER_MESSAGE));
      spec.given(team).when(remove('maint', 'maint')).thenThrows(errorOf('invalid', REMOVE_SELF_MESSAGE));
      spec.given(team).when(remove('maint', 'admin')).thenThrows(errorOf('forbidden', REMOVE_ADMIN_MESSAGE));
      spec.given(team).when(remove('admin', 'ghost')).thenThrows(errorOf('not-found', MEMBER_NOT_FOUND_MESSAGE));
    });

    it('forgets a removed member, who may be invited again', () => {
      spec
        .given([...team, { type: 'TeamMemberRemoved', data: { teamId: 't1', userId: 'member' } }])
        .when(remove('admin', 'member'))
        .thenThrows(errorOf('not-found', MEMBER_NOT_FOUND_MESSAGE));
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
