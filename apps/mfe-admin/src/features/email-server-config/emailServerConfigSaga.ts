import { call, put, takeLatest } from 'redux-saga/effects';
import { api } from '@teaminbox/api-client';
import { messageShown, quarantineSourceRequested } from './emailServerConfigSlice';

/** How often the sync status is refreshed while the page is open and the configuration active. */
export const SYNC_POLL_MS = 2500;

/** The browser redirect to a provider's sign-in page, and file downloads (replaceable in tests: jsdom cannot). */
export const browser = {
  redirect(url: string): void {
    window.location.assign(url);
  },
  download(blob: Blob, filename: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

/** Downloads the original of a quarantined message as a file. */
function* downloadQuarantinedSource(action: ReturnType<typeof quarantineSourceRequested>) {
  try {
    const blob: Blob = yield call(api.quarantinedSource, action.payload.id);
    yield call([browser, browser.download], blob, `message-${action.payload.uid}.eml`);
  } catch (error) {
    console.warn('the original of a quarantined message could not be downloaded', error);
    yield put(messageShown({ severity: 'error', key: 'quarantineDownloadFailed' }));
  }
}

/** The screen's one workflow left: a download of a file (the server data is in the api cache). */
export function* emailServerConfigSaga() {
  yield takeLatest(quarantineSourceRequested.type, downloadQuarantinedSource);
}
