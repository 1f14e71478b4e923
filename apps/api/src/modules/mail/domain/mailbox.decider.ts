import type {
  MailboxConfigChanged,
  MailboxConfigured,
  MailboxConfigUpdated,
  MailboxSettings,
} from '@teaminbox/contracts';

export type MailboxEvent =
  | { type: 'MailboxConfigured'; data: MailboxConfigured }
  | { type: 'MailboxConfigUpdated'; data: MailboxConfigUpdated }
  | { type: 'MailboxConfigChanged'; data: MailboxConfigChanged };

export type MailboxState = { status: 'absent' } | { status: 'configured'; settings: MailboxSettings };

export type SaveMailboxSettings = { type: 'SaveMailboxSettings'; teamId: string; settings: MailboxSettings };

/** The events that carry the settings (what readers fold); MailboxConfigChanged is the history beside them. */
export const MAILBOX_EVENT_TYPES = ['MailboxConfigured', 'MailboxConfigUpdated'] as const;

/** Settings shown as they are in the history; the secrets are only named. */
const PLAIN_FIELDS = [
  'imapHost',
  'imapPort',
  'imapUsername',
  'imapUseSsl',
  'imapFolder',
  'imapFolders',
  'smtpHost',
  'smtpPort',
  'smtpUsername',
  'smtpUseSsl',
  'smtpUseTls',
  'authType',
  'oauthProvider',
  'fromEmail',
  'fromName',
  'isActive',
  'applyRulesToFirstSync',
] as const;

type Change = MailboxConfigChanged['changes'][number];

/**
 * What a save changes, for the team's history: each plain field with its old and new value; a password only as
 * `set`, `changed` or `removed`, and OAuth2 tokens only as `connected` or `removed` (a token refresh is no change).
 */
export function configChanges(previous: MailboxSettings | null, next: MailboxSettings): Change[] {
  const changes: Change[] = [];
  for (const field of PLAIN_FIELDS) {
    const from = previous ? previous[field] : undefined;
    const to = next[field];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes.push(previous ? { field, from: from ?? null, to } : { field, to });
  }
  for (const field of ['imapPassword', 'smtpPassword'] as const) {
    const before = previous?.[`${field}Sealed`] ?? null;
    const after = next[`${field}Sealed`];
    if (before === after) continue;
    changes.push({ field, to: after === null ? 'removed' : before === null ? 'set' : 'changed' });
  }
  if (Boolean(previous?.oauth) !== Boolean(next.oauth)) {
    changes.push({ field: 'oauthTokens', to: next.oauth ? 'connected' : 'removed' });
  }
  return changes;
}

/**
 * The `mailbox-<teamId>` stream: the first save configures the mailbox, later ones update it; an identical save is a
 * no-op. Each save that changes something a person would notice also records MailboxConfigChanged (who is the
 * event's actor), never a secret.
 */
export const mailboxDecider = {
  eventTypes: MAILBOX_EVENT_TYPES,
  initialState: (): MailboxState => ({ status: 'absent' }),

  decide(command: SaveMailboxSettings, state: MailboxState): MailboxEvent[] {
    switch (command.type) {
      case 'SaveMailboxSettings': {
        const data = { teamId: command.teamId, settings: command.settings };
        const previous = state.status === 'configured' ? state.settings : null;
        if (previous && JSON.stringify(previous) === JSON.stringify(command.settings)) return [];
        const changes = configChanges(previous, command.settings);
        const history: MailboxEvent[] =
          changes.length > 0 ? [{ type: 'MailboxConfigChanged', data: { teamId: command.teamId, changes } }] : [];
        if (!previous) return [{ type: 'MailboxConfigured', data }, ...history];
        return [{ type: 'MailboxConfigUpdated', data }, ...history];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(state: MailboxState, event: MailboxEvent): MailboxState {
    switch (event.type) {
      case 'MailboxConfigured':
      case 'MailboxConfigUpdated':
        return { status: 'configured', settings: event.data.settings };
      case 'MailboxConfigChanged':
        return state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
