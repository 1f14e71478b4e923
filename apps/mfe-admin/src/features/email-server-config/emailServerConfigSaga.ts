import { call, delay, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { EmailServerConfig, SuccessMessageResponse } from '@teaminbox/contracts';
import { api, ApiError, type OAuthUrlResponse } from '@teaminbox/api-client';
import { requestOf, validateDraft } from './emailServerConfigRules';
import {
  configLoaded,
  configLoadFailed,
  configMissing,
  configRefreshed,
  configRequested,
  configSaved,
  fetchEmailsFinished,
  fetchEmailsRequested,
  foldersFailed,
  foldersLoaded,
  foldersRequested,
  messageShown,
  oauthRequested,
  pollingStarted,
  pollingStopped,
  saveFailed,
  saveRejected,
  saveRequested,
  selectEmailServerConfig,
  testFinished,
  testRequested,
  type EmailServerConfigState,
} from './emailServerConfigSlice';

/** How often the sync status is refreshed while the page is open and the configuration active. */
export const SYNC_POLL_MS = 2500;

/** The browser redirect to a provider's sign-in page (replaceable in tests: jsdom cannot navigate). */
export const browser = {
  redirect(url: string): void {
    window.location.assign(url);
  },
};

function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as Partial<SuccessMessageResponse> | undefined;
  if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) return body.message;
  return undefined;
}

function* loadConfig() {
  try {
    const config: EmailServerConfig = yield call(api.getEmailServerConfig);
    yield put(configLoaded(config));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      yield put(configMissing());
    } else {
      yield put(configLoadFailed());
    }
  }
}

function* testConnection() {
  const { draft, stored }: EmailServerConfigState = yield select(selectEmailServerConfig);
  const invalid = validateDraft(draft, stored);
  if (invalid) {
    yield put(testFinished({ severity: 'error', key: invalid }));
    return;
  }
  try {
    const result: SuccessMessageResponse = yield call(api.testEmailServerConfig, requestOf(draft));
    yield put(
      testFinished(
        result.success
          ? result.message
            ? { severity: 'success', text: result.message }
            : { severity: 'success', key: 'testSucceeded' }
          : { severity: 'error', key: 'testFailed', params: { message: result.message ?? '' } },
      ),
    );
  } catch (error) {
    // A refusal that still carries the test's answer {success:false, message} is a failed test.
    const body = error instanceof ApiError ? (error.body as Partial<SuccessMessageResponse> | undefined) : undefined;
    const message = serverMessage(error);
    yield put(
      testFinished(
        body?.success === false && message
          ? { severity: 'error', key: 'testFailed', params: { message } }
          : { severity: 'error', key: 'testError' },
      ),
    );
  }
}

function* saveConfig() {
  const { draft, stored }: EmailServerConfigState = yield select(selectEmailServerConfig);
  const invalid = validateDraft(draft, stored);
  if (invalid) {
    yield put(saveRejected({ severity: 'error', key: invalid }));
    return;
  }
  try {
    const body = requestOf(draft);
    const saved: EmailServerConfig = yield call(
      stored ? api.updateEmailServerConfig : api.createEmailServerConfig,
      body,
    );
    yield put(configSaved(saved));
  } catch {
    yield put(saveFailed());
  }
}

/** Reloads the stored configuration for its sync status (last sync, last error); a failure keeps the last one. */
function* refreshStatus() {
  try {
    const config: EmailServerConfig = yield call(api.getEmailServerConfig);
    yield put(configRefreshed(config));
  } catch {
    // The status shown stays as it was.
  }
}

function* fetchEmails() {
  try {
    const result: SuccessMessageResponse = yield call(api.fetchEmails);
    yield put(
      fetchEmailsFinished(
        result.success
          ? { severity: 'success', text: result.message }
          : { severity: 'error', key: 'fetchFailedWithMessage', params: { message: result.message ?? '' } },
      ),
    );
  } catch (error) {
    const message = serverMessage(error);
    yield put(
      fetchEmailsFinished(
        message
          ? { severity: 'error', key: 'fetchFailedWithMessage', params: { message } }
          : { severity: 'error', key: 'fetchFailed' },
      ),
    );
  }
  // A manual fetch changes the sync status (an inactive configuration is not refreshed by the polling).
  yield call(refreshStatus);
}

function* loadFolders() {
  try {
    const folders: string[] = yield call(api.listImapFolders);
    yield put(foldersLoaded(Array.isArray(folders) ? folders : []));
  } catch {
    yield put(foldersFailed());
  }
}

function* startOAuth(action: ReturnType<typeof oauthRequested>) {
  try {
    const { url }: OAuthUrlResponse = yield call(api.oauthUrl, action.payload);
    yield call([browser, browser.redirect], url);
  } catch (error) {
    const message = serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
    yield put(messageShown({ severity: 'error', key: 'oauthUrlFailed', params: { message } }));
  }
}

/** Refreshes the sync status (last sync, last error, progress) while the configuration is active or syncing. */
function* pollSyncStatus() {
  for (;;) {
    yield delay(SYNC_POLL_MS);
    const { stored, loading, saving }: EmailServerConfigState = yield select(selectEmailServerConfig);
    if (!stored || loading || saving || !(stored.isActive || stored.syncProgress)) continue;
    // A failed refresh keeps the last known status; the next round tries again.
    yield call(refreshStatus);
  }
}

function* pollWhileOpen() {
  yield race([call(pollSyncStatus), take(pollingStopped.type)]);
}

export function* emailServerConfigSaga() {
  yield takeLatest(configRequested.type, loadConfig);
  yield takeLeading(testRequested.type, testConnection);
  yield takeLeading(saveRequested.type, saveConfig);
  yield takeLeading(fetchEmailsRequested.type, fetchEmails);
  yield takeLatest(foldersRequested.type, loadFolders);
  yield takeLeading(oauthRequested.type, startOAuth);
  yield takeLatest(pollingStarted.type, pollWhileOpen);
}
