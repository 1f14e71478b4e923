import { createHash } from 'node:crypto';
import { DomainError } from '../../shared/domain-error';
import type { Decider } from '../../shared/decider';
import type { DomainEvent } from '../../shared/domain-event';

export const userStreamId = (userId: string) => `user-${userId}`;

/** The reservation stream of an address: a hash, so no personal data appears in stream ids. */
export const emailReservationStreamId = (email: string) =>
  `user-email-${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

// ---- user-<id>

export type RegisterUser = { type: 'RegisterUser'; data: { userId: string; email: string; passwordHash: string } };
export type UserCommand = RegisterUser;
export type UserEvent = DomainEvent<'UserRegistered'>;
export type UserState = { status: 'absent' } | { status: 'registered'; userId: string; email: string };

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  eventTypes: ['UserRegistered'],
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status === 'registered') throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE);
        const { userId, email, passwordHash } = command.data;
        return [{ type: 'UserRegistered', data: { userId, email: normalizeEmail(email), passwordHash } }];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { status: 'registered', userId: event.data.userId, email: event.data.email };
      default: {
        const unknown: never = event.type;
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
