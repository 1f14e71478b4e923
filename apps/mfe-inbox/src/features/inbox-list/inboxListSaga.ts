import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CurrentUser, Email, ListView, Page, WorkScope } from '@teaminbox/contracts';
import { api, inboxApi } from '@teaminbox/api-client';
import { emailArrived, emailUpdated, noticeRaised, selectCurrentUser, unreadCountChanged } from '@teaminbox/web-store';
import { attempt, notice } from '../../shared/notices';
import {
  arrivalBelongs,
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
import { listViewSetting, scopeOf } from './listView';

function* loadPage() {
  const { size, page: pageNumber, search, folder, filters }: InboxState = yield select(selectInbox);
  const view: ListView = yield call(listViewSetting);
  try {
    const page: Page<Email> = yield call(inboxApi.listEmails, {
      view,
      page: pageNumber,
      size,
      folder,
      search: search || undefined,
      assignee: filters.assignee === 'all' ? undefined : filters.assignee,
      label: filters.label === 'all' ? undefined : filters.label,
      unread: filters.unread || undefined,
    });
    yield put(pageLoaded({ ...page, view }));
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

/** What the row of this email on screen acts on: its conversation when it is a conversation row. */
function* rowScope(emailId: string): SagaIterator<WorkScope> {
  const { emails }: InboxState = yield select(selectInbox);
  const row = emails.find((email) => email.id === emailId);
  return row ? scopeOf(row) : 'email';
}

/**
 * A row's assign menu: its notices (2 s for successes, 3 s for errors); the list updates live. A conversation row
 * assigns every email of its conversation.
 */
function* assignRow(action: ReturnType<typeof rowAssignRequested>): SagaIterator {
  const { emailId, to } = action.payload;
  const scope: WorkScope = yield call(rowScope, emailId);
  if (to === null) {
    yield call(attempt, () => inboxApi.assign(emailId, '', scope), {
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
  yield call(attempt, () => inboxApi.assign(emailId, userId, scope), {
    success: mine ? 'inbox.assignedToYou' : 'inbox.assignedOk',
    error: 'inbox.assignError',
  });
}

function* labelRow(action: ReturnType<typeof rowLabelRequested>): SagaIterator {
  const { emailId, label } = action.payload;
  const scope: WorkScope = yield call(rowScope, emailId);
  yield call(attempt, () => inboxApi.addLabelToEmail(emailId, label, scope), {
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

const BULK_CALLS: Record<BulkAction, (id: string, scope: WorkScope) => Promise<unknown>> = {
  markRead: (id, scope) => inboxApi.markRead(id, scope),
  markUnread: (id, scope) => inboxApi.markUnread(id, scope),
  archive: (id, scope) => inboxApi.archive(id, scope),
  spam: (id, scope) => inboxApi.spam(id, scope),
};

/**
 * One call per selected row on screen (a conversation row's call acts on its whole conversation); the failures are
 * counted in one notice, then the page reloads.
 */
function* runBulk(action: PayloadAction<{ action: BulkAction; ids?: string[] }>): SagaIterator {
  const { emails, selectedIds, page, search }: InboxState = yield select(selectInbox);
  const chosen = action.payload.ids ?? selectedIds;
  const rows = emails.filter((email) => chosen.includes(email.id));
  const results: PromiseSettledResult<unknown>[] = yield call(() =>
    Promise.allSettled(rows.map((email) => BULK_CALLS[action.payload.action](email.id, scopeOf(email)))),
  );
  yield put(bulkDone());
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0) yield put(notice('error', 'inbox.bulkError', { count: String(failed) }));
  yield put(pageRequested(page, search));
}

/**
 * A conversation list on screen: a new email that belongs in it may join a conversation already listed (or move it
 * up), which only the server knows, so the page is loaded again. A change of an email not on screen while that load
 * is under way (a rule labelling the new email) may have come after the server read the page, so the page is loaded
 * once more: the change would otherwise be lost until the next load.
 */
function* reloadConversations(action: ReturnType<typeof emailArrived> | ReturnType<typeof emailUpdated>): SagaIterator {
  const state: InboxState = yield select(selectInbox);
  if (state.view !== 'conversations') return;
  if (emailArrived.match(action)) {
    if (!arrivalBelongs(state, action.payload)) return;
  } else if (!state.loading || state.emails.some((email) => email.id === action.payload.id)) return;
  yield put(pageRequested(state.page, state.search));
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
    takeLatest([emailArrived.type, emailUpdated.type], reloadConversations),
  ]);
}
