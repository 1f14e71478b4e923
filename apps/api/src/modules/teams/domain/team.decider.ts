import { IDENTITY_MESSAGES, INVITATION_TTL_DAYS, type Role, TEAM_NAME_MAX_LENGTH } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import type { DomainEvent } from '../../../platform/event-sourcing/domain-event';

export const teamStreamId = (teamId: string) => `team-${teamId}`;

export const ALREADY_IN_TEAM_MESSAGE = IDENTITY_MESSAGES.alreadyInTeam;
export const TEAM_NAME_REQUIRED_MESSAGE = 'Team name is required';
export const TEAM_NOT_FOUND_MESSAGE = 'You do not belong to a team yet.';
export const NOT_A_MANAGER_MESSAGE = 'Only an ADMIN or a MAINTAINER can manage team members and invitations.';
export const ADMIN_ROLE_MESSAGE = 'Only an ADMIN can give the ADMIN role or change the role of an ADMIN.';
export const REMOVE_ADMIN_MESSAGE = 'An ADMIN cannot be removed from the team.';
export const OWN_ROLE_MESSAGE = 'You cannot change your own role.';
export const REMOVE_SELF_MESSAGE = 'You cannot remove yourself from the team.';
export const LAST_ADMIN_MESSAGE = 'A team must keep at least one ADMIN.';
export const MEMBER_NOT_FOUND_MESSAGE = 'Member not found';
export const INVITATION_NOT_FOUND_MESSAGE = 'Invitation not found';
export const INVITATION_EXPIRED_MESSAGE = IDENTITY_MESSAGES.invitationExpired;
export const INVITATION_OTHER_EMAIL_MESSAGE = 'This invitation was sent to another email address.';
export const ALREADY_MEMBER_MESSAGE = 'This person is already a member of the team.';

/** Roles that may manage invitations, roles and members. */
export const MANAGER_ROLES: readonly Role[] = ['ADMIN', 'MAINTAINER'];

export type CreateTeam = {
  type: 'CreateTeam';
  /** creatorTeamId: the creator's current team from the users read model (null when none). */
  data: { teamId: string; name: string; creatorId: string; creatorTeamId: string | null };
};
export type SendInvitation = {
  type: 'SendInvitation';
  /**
   * invitationId: the id of a new invitation (an open one to the same address keeps its own id).
   * inviteeUserId: the account with that address, when there is one.
   */
  data: {
    actorId: string;
    invitationId: string;
    email: string;
    tokenHash: string;
    expiresAt: Date;
    inviteeUserId: string | null;
    /** The role the invitee joins with (only an ADMIN may invite an ADMIN). */
    role: Role;
    /** The time of the decision, for the quotas. */
    now: Date;
  };
};
export type DeleteInvitation = { type: 'DeleteInvitation'; data: { actorId: string; invitationId: string } };
export type AcceptInvitation = {
  type: 'AcceptInvitation';
  data: { invitationId: string; tokenHash: string; userId: string; email: string; now: Date };
};
export type ChangeMemberRole = { type: 'ChangeMemberRole'; data: { actorId: string; userId: string; role: Role } };
export type RemoveMember = { type: 'RemoveMember'; data: { actorId: string; userId: string } };
export type TeamCommand =
  CreateTeam | SendInvitation | DeleteInvitation | AcceptInvitation | ChangeMemberRole | RemoveMember;

/** Every event of a team's stream: the team, its members and its invitations. */
export const TEAM_EVENT_TYPES = [
  'TeamCreated',
  'TeamMemberJoined',
  'InvitationSent',
  'InvitationDeleted',
  'InvitationAccepted',
  'MemberRoleChanged',
  'TeamMemberRemoved',
] as const;

export type TeamEvent = DomainEvent<(typeof TEAM_EVENT_TYPES)[number]>;

export interface InvitationState {
  email: string;
  tokenHash: string;
  expiresAt: Date;
  status: 'pending' | 'accepted' | 'deleted';
  /** The role the invitee joins with. */
  role: Role;
}

/** One invitation sent (a re-sent one counts again), for the quotas. */
export interface InvitationSend {
  email: string;
  at: Date;
}

export type TeamState =
  | { status: 'absent' }
  | {
      status: 'created';
      teamId: string;
      name: string;
      members: Record<string, Role>;
      invitations: Record<string, InvitationState>;
      /** The latest sends, oldest first (at most RECENT_SENDS_KEPT). */
      sends: InvitationSend[];
    };
type CreatedTeam = Extract<TeamState, { status: 'created' }>;

/** An invitation works once, until it expires, with its latest token only. */
export function isInvitationUsable(invitation: InvitationState | undefined, tokenHash: string, now: Date): boolean {
  return (
    invitation !== undefined &&
    invitation.status === 'pending' &&
    invitation.tokenHash === tokenHash &&
    now.getTime() < invitation.expiresAt.getTime()
  );
}

function requireTeam(state: TeamState): CreatedTeam {
  if (state.status !== 'created') throw new DomainError('not-found', TEAM_NOT_FOUND_MESSAGE);
  return state;
}

function requireManager(state: CreatedTeam, actorId: string): Role {
  const role = state.members[actorId];
  if (!role || !MANAGER_ROLES.includes(role)) throw new DomainError('forbidden', NOT_A_MANAGER_MESSAGE);
  return role;
}

function requireMember(state: CreatedTeam, userId: string): Role {
  const role = state.members[userId];
  if (!role) throw new DomainError('not-found', MEMBER_NOT_FOUND_MESSAGE);
  return role;
}

function decideCreate(command: CreateTeam, state: TeamState): TeamEvent[] {
  const { teamId, creatorId, creatorTeamId } = command.data;
  const name = command.data.name.trim();
  if (!name) throw new DomainError('invalid', TEAM_NAME_REQUIRED_MESSAGE);
  if (name.length > TEAM_NAME_MAX_LENGTH) {
    throw new DomainError('invalid', `Team name must be at most ${TEAM_NAME_MAX_LENGTH} characters`);
  }
  if (creatorTeamId !== null || state.status === 'created') throw new DomainError('conflict', ALREADY_IN_TEAM_MESSAGE);
  return [
    { type: 'TeamCreated', data: { teamId, name, createdBy: creatorId } },
    { type: 'TeamMemberJoined', data: { teamId, userId: creatorId, role: 'ADMIN' } },
  ];
}

/** Invitation quotas: per team and per address in a day, and a pause before sending to an address again. */
export const INVITATIONS_PER_TEAM_PER_DAY = 50;
export const INVITATIONS_PER_ADDRESS_PER_DAY = 5;
export const INVITATION_RESEND_COOLDOWN_MS = 60_000;
export const TEAM_INVITATION_QUOTA_MESSAGE = `This team has sent ${INVITATIONS_PER_TEAM_PER_DAY} invitations today, the most a day. Try again tomorrow.`;
export const ADDRESS_INVITATION_QUOTA_MESSAGE = `This address has been invited ${INVITATIONS_PER_ADDRESS_PER_DAY} times today, the most a day. Try again tomorrow.`;
export const INVITATION_COOLDOWN_MESSAGE =
  'An invitation was just sent to this address. Wait a minute before sending it again.';
const DAY_MS = 24 * 60 * 60 * 1000;
/** More than a day's quota of sends: enough to decide every quota. */
const RECENT_SENDS_KEPT = 2 * INVITATIONS_PER_TEAM_PER_DAY;

/** When an invitation was sent: its expiry is set INVITATION_TTL_DAYS after sending. */
const sentAt = (expiresAt: Date) => new Date(expiresAt.getTime() - INVITATION_TTL_DAYS * DAY_MS);

/** Throws when sending now would pass a quota (decided on the team's latest sends). */
function checkInvitationQuotas(email: string, recent: InvitationSend[], now: Date): void {
  const today = recent.filter((send) => now.getTime() - send.at.getTime() < DAY_MS);
  const toAddress = today.filter((send) => send.email === email);
  if (toAddress.some((send) => now.getTime() - send.at.getTime() < INVITATION_RESEND_COOLDOWN_MS)) {
    throw new DomainError('rate-limited', INVITATION_COOLDOWN_MESSAGE);
  }
  if (toAddress.length >= INVITATIONS_PER_ADDRESS_PER_DAY) {
    throw new DomainError('rate-limited', ADDRESS_INVITATION_QUOTA_MESSAGE);
  }
  if (today.length >= INVITATIONS_PER_TEAM_PER_DAY)
    throw new DomainError('rate-limited', TEAM_INVITATION_QUOTA_MESSAGE);
}

function decideSendInvitation({ data }: SendInvitation, state: CreatedTeam): TeamEvent[] {
  const actorRole = requireManager(state, data.actorId);
  if (data.role === 'ADMIN' && actorRole !== 'ADMIN') throw new DomainError('forbidden', ADMIN_ROLE_MESSAGE);
  const email = data.email.trim().toLowerCase();
  if (data.inviteeUserId !== null && state.members[data.inviteeUserId]) {
    throw new DomainError('conflict', ALREADY_MEMBER_MESSAGE);
  }
  checkInvitationQuotas(email, state.sends, data.now);
  const open = Object.entries(state.invitations).find(([, i]) => i.status === 'pending' && i.email === email);
  return [
    {
      type: 'InvitationSent',
      data: {
        teamId: state.teamId,
        invitationId: open ? open[0] : data.invitationId,
        email,
        tokenHash: data.tokenHash,
        expiresAt: data.expiresAt.toISOString(),
        invitedBy: data.actorId,
        role: data.role,
      },
    },
  ];
}

function decideAcceptInvitation({ data }: AcceptInvitation, state: CreatedTeam): TeamEvent[] {
  const invitation = state.invitations[data.invitationId];
  if (!isInvitationUsable(invitation, data.tokenHash, data.now)) {
    throw new DomainError('not-found', INVITATION_EXPIRED_MESSAGE);
  }
  if (invitation.email !== data.email.trim().toLowerCase()) {
    throw new DomainError('invalid', INVITATION_OTHER_EMAIL_MESSAGE);
  }
  if (state.members[data.userId]) throw new DomainError('conflict', ALREADY_IN_TEAM_MESSAGE);
  return [
    {
      type: 'InvitationAccepted',
      data: { teamId: state.teamId, invitationId: data.invitationId, userId: data.userId },
    },
    { type: 'TeamMemberJoined', data: { teamId: state.teamId, userId: data.userId, role: invitation.role } },
  ];
}

function decideChangeRole({ data }: ChangeMemberRole, state: CreatedTeam): TeamEvent[] {
  const actorRole = requireManager(state, data.actorId);
  const previousRole = requireMember(state, data.userId);
  if (data.actorId === data.userId) throw new DomainError('invalid', OWN_ROLE_MESSAGE);
  if (actorRole !== 'ADMIN' && (previousRole === 'ADMIN' || data.role === 'ADMIN')) {
    throw new DomainError('forbidden', ADMIN_ROLE_MESSAGE);
  }
  if (previousRole === data.role) return [];
  const admins = Object.values(state.members).filter((role) => role === 'ADMIN').length;
  if (previousRole === 'ADMIN' && admins <= 1) throw new DomainError('conflict', LAST_ADMIN_MESSAGE);
  return [
    { type: 'MemberRoleChanged', data: { teamId: state.teamId, userId: data.userId, role: data.role, previousRole } },
  ];
}

function decideRemove({ data }: RemoveMember, state: CreatedTeam): TeamEvent[] {
  requireManager(state, data.actorId);
  const role = requireMember(state, data.userId);
  if (data.actorId === data.userId) throw new DomainError('invalid', REMOVE_SELF_MESSAGE);
  if (role === 'ADMIN') throw new DomainError('forbidden', REMOVE_ADMIN_MESSAGE);
  return [{ type: 'TeamMemberRemoved', data: { teamId: state.teamId, userId: data.userId } }];
}

export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  eventTypes: TEAM_EVENT_TYPES,
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateTeam':
        return decideCreate(command, state);
      case 'SendInvitation':
        return decideSendInvitation(command, requireTeam(state));
      case 'DeleteInvitation': {
        const team = requireTeam(state);
        requireManager(team, command.data.actorId);
        if (team.invitations[command.data.invitationId]?.status !== 'pending') {
          throw new DomainError('not-found', INVITATION_NOT_FOUND_MESSAGE);
        }
        return [{ type: 'InvitationDeleted', data: { teamId: team.teamId, invitationId: command.data.invitationId } }];
      }
      case 'AcceptInvitation':
        return decideAcceptInvitation(command, requireTeam(state));
      case 'ChangeMemberRole':
        return decideChangeRole(command, requireTeam(state));
      case 'RemoveMember':
        return decideRemove(command, requireTeam(state));
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'TeamCreated') {
      return {
        status: 'created',
        teamId: event.data.teamId,
        name: event.data.name,
        members: {},
        invitations: {},
        sends: [],
      };
    }
    if (state.status !== 'created') return state;
    switch (event.type) {
      case 'TeamMemberJoined':
      case 'MemberRoleChanged':
        return { ...state, members: { ...state.members, [event.data.userId]: event.data.role } };
      case 'TeamMemberRemoved': {
        const members = { ...state.members };
        delete members[event.data.userId];
        return { ...state, members };
      }
      case 'InvitationSent': {
        const { invitationId, email, tokenHash, expiresAt, role = 'MEMBER' } = event.data;
        const invitation: InvitationState = {
          email,
          tokenHash,
          expiresAt: new Date(expiresAt),
          status: 'pending',
          role,
        };
        const sends = [...state.sends, { email, at: sentAt(invitation.expiresAt) }].slice(-RECENT_SENDS_KEPT);
        return { ...state, invitations: { ...state.invitations, [invitationId]: invitation }, sends };
      }
      case 'InvitationDeleted':
      case 'InvitationAccepted': {
        const current = state.invitations[event.data.invitationId];
        if (!current) return state;
        const status = event.type === 'InvitationDeleted' ? 'deleted' : 'accepted';
        return { ...state, invitations: { ...state.invitations, [event.data.invitationId]: { ...current, status } } };
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
