import type { EmailReceived } from '@teaminbox/contracts';
import type { Decider } from '../../shared/decider';
import type { DomainEvent } from '../../shared/domain-event';

export const emailStreamId = (emailId: string) => `email-${emailId}`;

export type ReceiveEmail = { type: 'ReceiveEmail'; data: EmailReceived };
export type EmailCommand = ReceiveEmail;
export type EmailEvent = DomainEvent<'EmailReceived'>;
export type EmailState = { status: 'absent' } | { status: 'received'; emailId: string; teamId: string };

export const emailDecider: Decider<EmailCommand, EmailEvent, EmailState> = {
  eventTypes: ['EmailReceived'],
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'ReceiveEmail':
        // Receiving the same message again changes nothing.
        return state.status === 'received' ? [] : [{ type: 'EmailReceived', data: command.data }];
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'EmailReceived':
        return { status: 'received', emailId: event.data.emailId, teamId: event.data.teamId };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },
};
