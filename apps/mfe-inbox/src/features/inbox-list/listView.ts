import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import type { Email, ListView, NotificationSettings, WorkScope } from '@teaminbox/contracts';
import { settingsApi } from '@teaminbox/web-store';

/**
 * How the person's lists show mail: one row per conversation while their "Use conversation threads" setting is on
 * (the default, also when the settings cannot be read), else one row per email. Read from the one notification
 * settings cache, so a change saved in Settings applies to the next list loaded.
 */
export function* listViewSetting(): SagaIterator<ListView> {
  const request: { unwrap(): Promise<NotificationSettings>; unsubscribe(): void } = yield put(
    settingsApi.endpoints.notificationSettings.initiate(undefined) as never,
  );
  try {
    const settings: NotificationSettings = yield call(() => request.unwrap());
    return settings.useThreads === false ? 'emails' : 'conversations';
  } catch {
    // Logged by the settings cache; the default applies.
    return 'conversations';
  } finally {
    request.unsubscribe();
  }
}

/** What a row's actions act on: a conversation row's whole conversation, else its email. */
export const scopeOf = (email: Pick<Email, 'conversation'>): WorkScope =>
  email.conversation ? 'conversation' : 'email';
