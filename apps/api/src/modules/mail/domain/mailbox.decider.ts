import type { MailboxConfigured, MailboxConfigUpdated, MailboxSettings } from '@teaminbox/contracts';

export type MailboxEvent =
  { type: 'MailboxConfigured'; data: MailboxConfigured } | { type: 'MailboxConfigUpdated'; data: MailboxConfigUpdated };

export type MailboxState = { status: 'absent' } | { status: 'configured'; settings: MailboxSettings };

export type SaveMailboxSettings = { type: 'SaveMailboxSettings'; teamId: string; settings: MailboxSettings };

export const MAILBOX_EVENT_TYPES = ['MailboxConfigured', 'MailboxConfigUpdated'] as const;

/** The `mailbox-<teamId>` stream: the first save configures the mailbox, later ones update it; an identical save is a no-op. */
export const mailboxDecider = {
  eventTypes: MAILBOX_EVENT_TYPES,
  initialState: (): MailboxState => ({ status: 'absent' }),

  decide(command: SaveMailboxSettings, state: MailboxState): MailboxEvent[] {
    switch (command.type) {
      case 'SaveMailboxSettings': {
        const data = { teamId: command.teamId, settings: command.settings };
        if (state.status === 'absent') return [{ type: 'MailboxConfigured', data }];
        if (JSON.stringify(state.settings) === JSON.stringify(command.settings)) return [];
        return [{ type: 'MailboxConfigUpdated', data }];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(_state: MailboxState, event: MailboxEvent): MailboxState {
    switch (event.type) {
      case 'MailboxConfigured':
      case 'MailboxConfigUpdated':
        return { status: 'configured', settings: event.data.settings };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
