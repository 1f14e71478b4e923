import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { EmailAsOf, EmailHistoryEntry } from '@teaminbox/contracts';
import { ApiError, inboxApi } from '@teaminbox/api-client';
import { commentChanged, connected, emailUpdated, replyChanged } from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { detailOpened, readMarked } from './emailDetailSlice';
import { replySent } from './replySlice';
import {
  asOfChosen,
  asOfFailed,
  asOfLoaded,
  historyClosed,
  historyEntriesFailed,
  historyEntriesLoaded,
  historyViewToggled,
  selectEmailHistory,
  type EmailHistoryState,
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

/**
 * A change of the open email while its History view is open (pushed by the server, or this session's own read mark
 * stored after the view loaded) reloads the events, so the view never lags behind; so does a socket that (re)connects.
 */
function* refreshOnChange(action: PayloadAction<{ id?: string; emailId?: string } | string | undefined>): SagaIterator {
  const { emailId, open }: EmailHistoryState = yield select(selectEmailHistory);
  if (!open || !emailId) return;
  // A (re)connected socket may have missed pushes: refresh whatever email is open.
  if (action.type !== connected.type) {
    const changed =
      typeof action.payload === 'string' ? action.payload : (action.payload?.emailId ?? action.payload?.id);
    if (changed !== emailId) return;
  }
  try {
    const entries: EmailHistoryEntry[] = yield call(inboxApi.getEmailHistory, emailId);
    yield put(historyEntriesLoaded({ emailId, entries }));
  } catch (error) {
    console.warn('Could not refresh the email history', error);
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
  // One channel: the newest load wins, so a slow first load never overwrites a newer refresh.
  yield takeLatest(
    [
      historyViewToggled.type,
      emailUpdated.type,
      commentChanged.type,
      replyChanged.type,
      replySent.type,
      readMarked.type,
      connected.type,
    ],
    function* load(action: PayloadAction<never>): SagaIterator {
      if (action.type === historyViewToggled.type) yield call(loadEntries, action);
      else yield call(refreshOnChange, action);
    },
  );
  yield takeLatest(asOfChosen.type, loadPast);
  yield takeEvery(detailOpened.type, function* reset() {
    yield put(historyClosed());
  });
}
