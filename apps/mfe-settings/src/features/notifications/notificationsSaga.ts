import { call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { NOTIFICATION_PAGE_SIZE, type Notification, type Page } from '@teaminbox/contracts';
import { notificationsApi } from '@teaminbox/api-client';
import { noticeRaised } from '@teaminbox/web-store';
import {
  allMarkedRead,
  listLoaded,
  listLoadFailed,
  listRequested,
  markAllReadRequested,
  markReadRequested,
  notificationMarkedRead,
  unreadCountLoaded,
} from './notificationsSlice';

/** The spec answers an array or a page with content. */
const itemsOf = (answer: Page<Notification> | Notification[]) => (Array.isArray(answer) ? answer : answer.content);

function* loadList() {
  try {
    const answer: Page<Notification> | Notification[] = yield call(notificationsApi.list, 0, NOTIFICATION_PAGE_SIZE);
    yield put(listLoaded(itemsOf(answer)));
  } catch (error) {
    // The spec: loading stops, the list stays as it was, logged only.
    console.warn('notifications could not be loaded', error);
    yield put(listLoadFailed());
  }
  try {
    const count: number = yield call(notificationsApi.unreadCount);
    yield put(unreadCountLoaded(Number(count)));
  } catch {
    // silent: the count comes again with the next live notification
  }
}

function* markRead(action: ReturnType<typeof markReadRequested>) {
  try {
    const read: Notification = yield call(notificationsApi.markRead, action.payload);
    yield put(notificationMarkedRead(read));
  } catch {
    yield put(noticeRaised({ severity: 'error', key: 'notifications.markError', lifeMs: 3000 }));
  }
}

function* markAllRead() {
  try {
    yield call(notificationsApi.markAllRead);
    yield put(allMarkedRead());
    yield put(noticeRaised({ severity: 'success', key: 'notifications.allMarked', lifeMs: 2000 }));
  } catch {
    yield put(noticeRaised({ severity: 'error', key: 'notifications.markAllError', lifeMs: 3000 }));
  }
}

export function* notificationsSaga() {
  yield takeLatest(listRequested.type, loadList);
  yield takeEvery(markReadRequested.type, markRead);
  yield takeLeading(markAllReadRequested.type, markAllRead);
}
