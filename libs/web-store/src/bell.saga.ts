import { call, put, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SnoozeState } from '@teaminbox/contracts';
import { notificationsApi } from '@teaminbox/api-client';
import { snoozeEndRequested } from './bell.slice';
import { snoozeChanged } from './notifications.saga';
import { connected } from './realtime.slice';
import { loggedOut, userLoaded } from './session.slice';

/** The snooze as the server has it; a failure is logged and the bell keeps what it showed. */
function* loadSnooze() {
  try {
    const snooze: SnoozeState = yield call(notificationsApi.snooze);
    yield put(snoozeChanged(snooze.snoozedUntil));
  } catch (error) {
    console.warn('the snooze of the bell could not be loaded', error);
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
 * The bell's snooze: loaded when a user is known and again when the socket connects (another tab may have changed
 * it), and ended on request. The bell's notifications and count are the notifications cache (`notifications.api.ts`).
 */
export function* bellSaga() {
  yield takeLatest(connected.type, loadSnooze);
  yield takeLeading(snoozeEndRequested.type, endSnooze);
  for (;;) {
    const { loaded } = (yield race({ loaded: take(userLoaded.type), out: take(loggedOut.type) })) as {
      loaded?: unknown;
    };
    if (loaded) yield call(loadSnooze);
  }
}
