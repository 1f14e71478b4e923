import { all, call, put, race, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Notification, Page, SnoozeState } from '@teaminbox/contracts';
import { notificationsApi } from '@teaminbox/api-client';
import {
  BELL_RECENT_SIZE,
  bellAllRead,
  bellItemChosen,
  bellItemRead,
  bellLoaded,
  bellLoadFailed,
  bellLoading,
  bellMarkAllRequested,
  bellOpened,
  snoozeEndRequested,
} from './bell.slice';
import { noticeRaised } from './notices.slice';
import { snoozeChanged } from './notifications.saga';
import { connected } from './realtime.slice';
import { loggedOut, userLoaded } from './session.slice';

const items = (page: Page<Notification> | Notification[]) => (Array.isArray(page) ? page : page.content);

/** The recent notifications, and with `withCount` the unread count and the snooze state too. */
function* load(withCount: boolean) {
  yield put(bellLoading());
  try {
    if (withCount) {
      const [page, unreadCount, snooze]: [Page<Notification> | Notification[], number, SnoozeState] = yield all([
        call(notificationsApi.list, 0, BELL_RECENT_SIZE),
        call(notificationsApi.unreadCount),
        call(notificationsApi.snooze),
      ]);
      yield put(bellLoaded({ recent: items(page), unreadCount }));
      yield put(snoozeChanged(snooze.snoozedUntil));
    } else {
      const page: Page<Notification> | Notification[] = yield call(notificationsApi.list, 0, BELL_RECENT_SIZE);
      yield put(bellLoaded({ recent: items(page) }));
    }
  } catch (error) {
    console.warn('the notifications of the bell could not be loaded', error);
    yield put(bellLoadFailed());
  }
}

/** Marked read after the server accepted it (spec section 4); the count comes back over the socket. */
function* choose(action: ReturnType<typeof bellItemChosen>) {
  if (action.payload.read) return;
  try {
    yield call(notificationsApi.markRead, action.payload.id);
    yield put(bellItemRead(action.payload.id));
  } catch (error) {
    console.warn('the notification could not be marked read', error);
    yield put(noticeRaised({ severity: 'error', key: 'notifications.markError', lifeMs: 3000 }));
  }
}

function* markAll() {
  try {
    yield call(notificationsApi.markAllRead);
    yield put(bellAllRead());
    yield put(noticeRaised({ severity: 'success', key: 'notifications.allMarked', lifeMs: 2000 }));
  } catch (error) {
    console.warn('the notifications could not be marked read', error);
    yield put(noticeRaised({ severity: 'error', key: 'notifications.markAllError', lifeMs: 3000 }));
  }
}

function* endSnooze() {
  try {
    const state: SnoozeState = yield call(notificationsApi.endSnooze);
    yield put(snoozeChanged(state.snoozedUntil));
  } catch (error) {
    console.warn('the snooze could not be ended', error);
  }
}

/**
 * The shell's bell: the unread count, the recent notifications and the snooze, loaded when a user is known and kept
 * live by the socket's `user.notifications` and `user.notification-count` (and read again when the socket connects);
 * its panel reloads the list when opened.
 */
export function* bellSaga() {
  yield takeLatest(bellOpened.type, load, false);
  // The socket opens after the first load: a count pushed before it could hear (or while it reconnected) is read then.
  yield takeLatest(connected.type, load, true);
  yield takeEvery(bellItemChosen.type, choose);
  yield takeLeading(bellMarkAllRequested.type, markAll);
  yield takeLeading(snoozeEndRequested.type, endSnooze);
  for (;;) {
    const { loaded } = (yield race({ loaded: take(userLoaded.type), out: take(loggedOut.type) })) as {
      loaded?: unknown;
    };
    if (loaded) yield call(load, true);
  }
}
