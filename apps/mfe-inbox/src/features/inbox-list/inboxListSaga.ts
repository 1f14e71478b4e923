import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CurrentUser, Email, Page } from '@teaminbox/contracts';
import { api, inboxApi } from '@teaminbox/api-client';
import { emailArrived, noticeRaised, selectCurrentUser, unreadCountChanged } from '@teaminbox/web-store';
import { attempt, notice } from '../../shared/notices';
import {
  bulkDone,
  bulkRequested,
  rowAssignRequested,
  rowLabelRequested,
  starChanged,
  starsLoaded,
  starToggled,
  type BulkAction,
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

/** A row's assign menu: its notices (2 s for successes, 3 s for errors); the list updates live. */
function* assignRow(action: ReturnType<typeof rowAssignRequested>): SagaIterator {
  const { emailId, to } = action.payload;
  if (to === null) {
    yield call(attempt, () => inboxApi.assign(emailId, ''), {
      success: 'inbox.unassignedOk',
      error: 'inbox.unassignError',
    });
    return;
  }
  const mine = to === 'me';
  const me: CurrentUser | null = yield select(selectCurrentUser);
  if (mine && !me?.id) {
    yield put(notice('error', 'inbox.notAuthenticated'));
    return;
  }
  const userId = mine ? (me?.id ?? '') : to;
  yield call(attempt, () => inboxApi.assign(emailId, userId), {
    success: mine ? 'inbox.assignedToYou' : 'inbox.assignedOk',
    error: 'inbox.assignError',
  });
}

function* labelRow(action: ReturnType<typeof rowLabelRequested>): SagaIterator {
  const { emailId, label } = action.payload;
  yield call(attempt, () => inboxApi.addLabelToEmail(emailId, label), {
    success: 'inbox.labelAssigned',
    values: { name: label.name },
    error: 'inbox.labelError',
  });
}

/** Which emails on screen the caller starred; a failure is only logged. */
function* loadStars(): SagaIterator {
  const { emails }: InboxState = yield select(selectInbox);
  try {
    const ids: string[] = yield call(
      inboxApi.starred,
      emails.map((email) => email.id),
    );
    yield put(starsLoaded(ids));
  } catch (error) {
    console.warn('Stars not loaded', error);
  }
}

function* toggleStar(action: PayloadAction<string>): SagaIterator {
  const id = action.payload;
  const { starred }: InboxState = yield select(selectInbox);
  const on = !starred.includes(id);
  const done: boolean = yield call(attempt, () => (on ? inboxApi.star(id) : inboxApi.unstar(id)), {
    error: 'inbox.starError',
  });
  if (done) yield put(starChanged({ id, on }));
}

const BULK_CALLS: Record<BulkAction, (id: string) => Promise<unknown>> = {
  markRead: (id) => inboxApi.markRead(id),
  markUnread: (id) => inboxApi.markUnread(id),
  archive: (id) => inboxApi.archive(id),
  spam: (id) => inboxApi.spam(id),
};

/** One call per selected email on screen; the failures are counted in one notice, then the page reloads. */
function* runBulk(action: PayloadAction<{ action: BulkAction; ids?: string[] }>): SagaIterator {
  const { emails, selectedIds, page, search }: InboxState = yield select(selectInbox);
  const chosen = action.payload.ids ?? selectedIds;
  const ids = emails.filter((email) => chosen.includes(email.id)).map((email) => email.id);
  const results: PromiseSettledResult<unknown>[] = yield call(() =>
    Promise.allSettled(ids.map((id) => BULK_CALLS[action.payload.action](id))),
  );
  yield put(bulkDone());
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0) yield put(notice('error', 'inbox.bulkError', { count: String(failed) }));
  yield put(pageRequested(page, search));
}

export function* inboxListSaga() {
  yield all([
    takeLatest([pageRequested.type, folderChosen.type, filtersChanged.type, filtersReset.type], loadPage),
    takeLeading(sampleRequested.type, loadSample),
    takeEvery(rowAssignRequested.type, assignRow),
    takeEvery(rowLabelRequested.type, labelRow),
    takeLatest([pageLoaded.type, emailArrived.type], loadStars),
    takeEvery(starToggled.type, toggleStar),
    takeLeading(bulkRequested.type, runBulk),
  ]);
}
