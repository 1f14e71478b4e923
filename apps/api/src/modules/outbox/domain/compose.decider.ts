import type { EmailComposed, EmailReceived, ReplyQueued } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { EMAIL_NOT_FOUND_MESSAGE, type OutgoingReply } from './reply.decider';

/** Starts a conversation: its first message, and that message queued for sending (same Message-ID). */
export type ComposeEmail = { type: 'ComposeEmail'; composed: EmailComposed; message: OutgoingReply };

export type ComposeEvent = { type: 'EmailComposed'; data: EmailComposed } | { type: 'ReplyQueued'; data: ReplyQueued };

type ComposeStreamEvent = ComposeEvent | { type: 'EmailReceived'; data: EmailReceived };

/** Whether the email's stream has begun, and whose it is. */
export interface ComposeState {
  teamId: string | null;
}

/**
 * A new conversation on a new email stream (`email-<id>`): EmailComposed begins it (the inbox lists it, the thread
 * starts at its Message-ID) and ReplyQueued hands the same message to the outbox, which sends it like a reply and
 * copies it to the Sent folder; it is of kind 'compose', so that the history and the team's activity read it as the
 * message the team started, not as a reply. Composing on a stream that has begun (a retried request with the same
 * key) changes nothing; a stream of another team answers 404.
 */
export const composeDecider: Decider<ComposeEmail, ComposeStreamEvent, ComposeState> = {
  eventTypes: ['EmailReceived', 'EmailComposed'],
  initialState: () => ({ teamId: null }),

  decide({ composed, message }, state) {
    if (state.teamId !== null) {
      if (state.teamId !== composed.teamId) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
      return [];
    }
    return [
      { type: 'EmailComposed', data: composed },
      {
        type: 'ReplyQueued',
        data: { ...message, messageId: composed.messageId, inReplyTo: null, references: [], kind: 'compose' },
      },
    ];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'EmailReceived':
      case 'EmailComposed':
        return { teamId: event.data.teamId };
      case 'ReplyQueued':
        return state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
