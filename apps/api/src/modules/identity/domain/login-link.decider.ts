import { IDENTITY_MESSAGES } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import type { DomainEvent } from '../../../platform/event-sourcing/domain-event';

/**
 * One stream per emailed link, named by the SHA-256 of its token (never the token): the link's
 * single use is the stream's expected version, so two concurrent uses cannot both succeed.
 */
export const loginLinkStreamId = (tokenHash: string) => `login-link-${tokenHash}`;

export const LOGIN_LINK_EXPIRED_MESSAGE = IDENTITY_MESSAGES.loginLinkExpired;

export type IssueLoginLink = {
  type: 'IssueLoginLink';
  data: { userId: string; tokenHash: string; expiresAt: Date };
};
export type UseLoginLink = { type: 'UseLoginLink'; data: { now: Date } };
export type LoginLinkCommand = IssueLoginLink | UseLoginLink;
export type LoginLinkEvent = DomainEvent<'LoginLinkIssued' | 'LoginLinkUsed'>;
export type LoginLinkState =
  | { status: 'none' }
  | { status: 'issued'; userId: string; tokenHash: string; expiresAt: Date }
  | { status: 'used'; userId: string };

/** A link is usable while issued, unused and now < expiresAt. */
export function isUsable(state: LoginLinkState, now: Date): state is Extract<LoginLinkState, { status: 'issued' }> {
  return state.status === 'issued' && now.getTime() < state.expiresAt.getTime();
}

export const loginLinkDecider: Decider<LoginLinkCommand, LoginLinkEvent, LoginLinkState> = {
  eventTypes: ['LoginLinkIssued', 'LoginLinkUsed'],
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'IssueLoginLink': {
        if (state.status !== 'none') throw new DomainError('conflict', 'This login link was already issued.');
        const { userId, tokenHash, expiresAt } = command.data;
        return [{ type: 'LoginLinkIssued', data: { userId, tokenHash, expiresAt: expiresAt.toISOString() } }];
      }
      case 'UseLoginLink': {
        if (!isUsable(state, command.data.now)) throw new DomainError('unauthorized', LOGIN_LINK_EXPIRED_MESSAGE);
        return [{ type: 'LoginLinkUsed', data: { userId: state.userId, tokenHash: state.tokenHash } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'LoginLinkIssued':
        return {
          status: 'issued',
          userId: event.data.userId,
          tokenHash: event.data.tokenHash,
          expiresAt: new Date(event.data.expiresAt),
        };
      case 'LoginLinkUsed':
        return { status: 'used', userId: event.data.userId };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
