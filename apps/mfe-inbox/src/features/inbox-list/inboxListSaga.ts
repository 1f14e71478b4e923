import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Email, Page } from '@teaminbox/contracts';
import { api, inboxApi } from '@teaminbox/api-client';
import { noticeRaised, unreadCountChanged } from '@teaminbox/web-store';
import {
  filtersChanged,
  filtersReset,
  folderChosen,
  pageLoaded,
  pageLoadFailed,
  pageRequested,
  sampleFailed,
  sampleLoaded,
  sampleRequested,
  selectInbox,
  type InboxState,
} from './inboxListSlice';

function* loadPage() {
  const { size, page: pageNumber, search, folder, filters }: InboxState = yield select(selectInbox);
  try {
    const page: Page<Email> = yield call(inboxApi.listEmails, {
      page: pageNumber,
      size,
      folder,
      search: search || undefined,
      assignee: filters.assignee === 'all' ? undefined : filters.assignee,
      label: filters.label === 'all' ? undefined : filters.label,
      unread: filters.unread || undefined,
    });
    yield put(pageLoaded(page));
  } catch {
    // The spec's silent case: the list error is only logged (by the client).
    yield put(pageLoadFailed());
  }
  try {
    const count: number = yield call(inboxApi.unreadCount);
    yield put(unreadCountChanged(Number(count)));
  } catch {
    // silent
  }
}

function* loadSample() {
  try {
    const res: { success: boolean; message: string } = yield call(api.createSampleEmails);
    yield put(sampleLoaded());
    if (res && res.success === false && res.message) {
      yield put(noticeRaised({ severity: 'error', text: res.message, lifeMs: 3000 }));
    }
    const { page, search }: InboxState = yield select(selectInbox);
    yield put(pageRequested(page, search));
  } catch {
    yield put(sampleFailed());
  }
}

export function* inboxListSaga() {
  yield takeLatest([pageRequested.type, folderChosen.type, filtersChanged.type, filtersReset.type], loadPage);
  yield takeLeading(sampleRequested.type, loadSample);
}
