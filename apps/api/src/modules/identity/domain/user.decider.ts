import { createHash } from 'node:crypto';
import { IDENTITY_MESSAGES } from '@teaminbox/contracts';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import type { Decider } from '../../../platform/event-sourcing/decider';
import type { DomainEvent } from '../../../platform/event-sourcing/domain-event';

export const userStreamId = (userId: string) => `user-${userId}`;

/** The reservation stream of an address: a hash, so no personal data appears in stream ids. */
export const emailReservationStreamId = (email: string) =>
  `user-email-${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const ALREADY_IN_TEAM_MESSAGE = IDENTITY_MESSAGES.alreadyInTeam;

// ---- user-<id>

export type RegisterUser = {
  type: 'RegisterUser';
  /** emailProven: the registration carries a usable invitation sent to this address. */
  data: { userId: string; email: string; emailProven?: boolean };
};
export type ChangePassword = { type: 'ChangePassword'; data: Record<string, never> };
/** A login link sent to the address was used. */
export type ProveEmail = { type: 'ProveEmail'; data: Record<string, never> };
/** An invitation sent to the address was accepted: proven, the password stays (its holder had both). */
export type ProveEmailByInvitation = { type: 'ProveEmailByInvitation'; data: Record<string, never> };
/** The password just verified, hashed with the current parameters. */
export type RehashPassword = { type: 'RehashPassword'; data: Record<string, never> };
/** Takes the user's one team seat; appended before the team's events (see TeamMembershipClaimed). */
export type ClaimTeamMembership = { type: 'ClaimTeamMembership'; data: { teamId: string } };
export type ReleaseTeamMembership = { type: 'ReleaseTeamMembership'; data: { teamId: string } };
export type UserCommand =
  | RegisterUser
  | ChangePassword
  | ProveEmail
  | ProveEmailByInvitation
  | RehashPassword
  | ClaimTeamMembership
  | ReleaseTeamMembership;

export type UserEvent = DomainEvent<
  | 'UserRegistered'
  | 'UserPasswordChanged'
  | 'UserEmailProven'
  | 'UserPasswordRehashed'
  | 'TeamMembershipClaimed'
  | 'TeamMembershipReleased'
>;
export type UserState =
  | { status: 'absent' }
  | { status: 'registered'; userId: string; email: string; teamId: string | null; emailProven: boolean };

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  eventTypes: [
    'UserRegistered',
    'UserPasswordChanged',
    'UserEmailProven',
    'UserPasswordRehashed',
    'TeamMembershipClaimed',
    'TeamMembershipReleased',
  ],
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    if (command.type === 'RegisterUser') {
      if (state.status === 'registered') throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE);
      const { userId, email, emailProven } = command.data;
      return [
        {
          type: 'UserRegistered',
          data: { userId, email: normalizeEmail(email), ...(emailProven ? { emailProven: true } : {}) },
        },
      ];
    }
    if (state.status !== 'registered') throw new DomainError('not-found', USER_NOT_FOUND_MESSAGE);
    const { userId } = state;
    switch (command.type) {
      case 'ChangePassword':
        return [{ type: 'UserPasswordChanged', data: { userId } }];
      case 'RehashPassword':
        return [{ type: 'UserPasswordRehashed', data: { userId } }];
      case 'ProveEmail':
        // Whoever registered the address without owning it loses the account here: the password they set stops
        // working and every session ends (the owner is asked for a new password).
        if (state.emailProven) return [];
        return [
          { type: 'UserEmailProven', data: { userId } },
          { type: 'UserPasswordChanged', data: { userId, passwordCleared: true } },
        ];
      case 'ProveEmailByInvitation':
        return state.emailProven ? [] : [{ type: 'UserEmailProven', data: { userId, via: 'invitation' } }];
      case 'ClaimTeamMembership': {
        const { teamId } = command.data;
        if (state.teamId === teamId) return [];
        if (state.teamId !== null) throw new DomainError('conflict', ALREADY_IN_TEAM_MESSAGE);
        return [{ type: 'TeamMembershipClaimed', data: { userId, teamId } }];
      }
      case 'ReleaseTeamMembership': {
        const { teamId } = command.data;
        if (state.teamId !== teamId) return [];
        return [{ type: 'TeamMembershipReleased', data: { userId, teamId } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return {
          status: 'registered',
          userId: event.data.userId,
          email: event.data.email,
          teamId: null,
          emailProven: event.data.emailProven === true,
        };
      case 'UserPasswordChanged':
      case 'UserPasswordRehashed':
        return state;
      case 'UserEmailProven':
        return state.status === 'registered' ? { ...state, emailProven: true } : state;
      case 'TeamMembershipClaimed':
        return state.status === 'registered' ? { ...state, teamId: event.data.teamId } : state;
      case 'TeamMembershipReleased':
        return state.status === 'registered' && state.teamId === event.data.teamId ? { ...state, teamId: null } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

// ---- user-email-<sha256>

export type ReserveEmail = { type: 'ReserveEmail'; data: { userId: string } };
export type EmailReservationEvent = DomainEvent<'UserEmailReserved'>;
export type EmailReservationState = { reservedBy: string | null };

export const emailReservationDecider: Decider<ReserveEmail, EmailReservationEvent, EmailReservationState> = {
  eventTypes: ['UserEmailReserved'],
  initialState: () => ({ reservedBy: null }),

  decide(command, state) {
    if (state.reservedBy !== null && state.reservedBy !== command.data.userId) {
      throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE);
    }
    if (state.reservedBy === command.data.userId) return [];
    return [{ type: 'UserEmailReserved', data: { userId: command.data.userId } }];
  },

  evolve(_state, event) {
    return { reservedBy: event.data.userId };
  },
};
