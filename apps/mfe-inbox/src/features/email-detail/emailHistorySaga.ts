import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { EmailAsOf, EmailHistoryEntry } from '@teaminbox/contracts';
import { ApiError, inboxApi } from '@teaminbox/api-client';
import { notice } from '../../shared/notices';
import { detailOpened } from './emailDetailSlice';
import {
  asOfChosen,
  asOfFailed,
  asOfLoaded,
  historyClosed,
  historyEntriesFailed,
  historyEntriesLoaded,
  historyViewToggled,
} from './emailHistorySlice';

function* loadEntries(action: PayloadAction<{ emailId: string; open: boolean }>): SagaIterator {
  if (!action.payload.open) return;
  const { emailId } = action.payload;
  try {
    const entries: EmailHistoryEntry[] = yield call(inboxApi.getEmailHistory, emailId);
    yield put(historyEntriesLoaded({ emailId, entries }));
  } catch {
    yield put(historyEntriesFailed());
    yield put(notice('error', 'emailHistory.loadError'));
  }
}

function* loadPast(action: PayloadAction<{ emailId: string; asOf: string }>): SagaIterator {
  try {
    const past: EmailAsOf = yield call(inboxApi.getEmailAsOf, action.payload.emailId, action.payload.asOf);
    yield put(asOfLoaded(past));
  } catch (error) {
    const missing = error instanceof ApiError && error.status === 404;
    yield put(asOfFailed(missing ? 'missing' : 'failed'));
    if (!missing) yield put(notice('error', 'emailHistory.asOfError'));
  }
}

/** Loads the History view's events and the email as of the chosen instant; another email starts afresh. */
export function* emailHistorySaga(): SagaIterator {
  yield takeLatest(historyViewToggled.type, loadEntries);
  yield takeLatest(asOfChosen.type, loadPast);
  yield takeEvery(detailOpened.type, function* reset() {
    yield put(historyClosed());
  });
}
