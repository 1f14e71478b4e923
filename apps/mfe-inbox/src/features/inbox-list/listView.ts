import type { Email, ListView, WorkScope } from '@teaminbox/contracts';
import { useNotificationSettingsQuery } from '@teaminbox/web-store';

/**
 * How the person's lists show mail: one row per conversation while their "Use conversation threads" setting is on
 * (the default, also when the settings cannot be read), else one row per email; null until the settings are known.
 * Read from the one notification settings cache, so a change saved in Settings applies to the lists at once.
 */
export function useListView(): ListView | null {
  const { data: settings, isError } = useNotificationSettingsQuery();
  if (settings) return settings.useThreads === false ? 'emails' : 'conversations';
  return isError ? 'conversations' : null;
}

/** What a row's actions act on: a conversation row's whole conversation, else its email. */
export const scopeOf = (email: Pick<Email, 'conversation'>): WorkScope =>
  email.conversation ? 'conversation' : 'email';
