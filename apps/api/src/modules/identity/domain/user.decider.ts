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

export type RegisterUser = { type: 'RegisterUser'; data: { userId: string; email: string; passwordHash: string } };
export type ChangePassword = { type: 'ChangePassword'; data: { passwordHash: string } };
/** Takes the user's one team seat; appended before the team's events (see TeamMembershipClaimed). */
export type ClaimTeamMembership = { type: 'ClaimTeamMembership'; data: { teamId: string } };
export type ReleaseTeamMembership = { type: 'ReleaseTeamMembership'; data: { teamId: string } };
export type UserCommand = RegisterUser | ChangePassword | ClaimTeamMembership | ReleaseTeamMembership;

export type UserEvent = DomainEvent<
  'UserRegistered' | 'UserPasswordChanged' | 'TeamMembershipClaimed' | 'TeamMembershipReleased'
>;
export type UserState =
  { status: 'absent' } | { status: 'registered'; userId: string; email: string; teamId: string | null };

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  eventTypes: ['UserRegistered', 'UserPasswordChanged', 'TeamMembershipClaimed', 'TeamMembershipReleased'],
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    if (command.type === 'RegisterUser') {
      if (state.status === 'registered') throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE);
      const { userId, email, passwordHash } = command.data;
      return [{ type: 'UserRegistered', data: { userId, email: normalizeEmail(email), passwordHash } }];
    }
    if (state.status !== 'registered') throw new DomainError('not-found', USER_NOT_FOUND_MESSAGE);
    const { userId } = state;
    switch (command.type) {
      case 'ChangePassword':
        return [{ type: 'UserPasswordChanged', data: { userId, passwordHash: command.data.passwordHash } }];
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
        return { status: 'registered', userId: event.data.userId, email: event.data.email, teamId: null };
      case 'UserPasswordChanged':
        return state;
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
