import { eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, put, take, takeLatest } from 'redux-saga/effects';
import type { CurrentUser, SignInResponse } from '@teaminbox/contracts';
import { api, apiEvents, linkSessionStore, tokenStore } from '@teaminbox/api-client';
import { loggedOut, signedIn, signInFailed, signInRequested, userLoaded, userRefreshRequested } from './session.slice';

/** Fetches the current user; an empty answer or a failure logs out silently. */
export function* loadCurrentUser() {
  if (!tokenStore.get()) {
    yield put(loggedOut());
    return;
  }
  try {
    const user: Partial<CurrentUser> = yield call(api.loggedInUser);
    if (!user || !user.id) throw new Error('empty current user');
    yield put(
      userLoaded({
        id: user.id,
        email: user.email ?? '',
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
        role: user.role ?? null,
        teamId: user.teamId ?? null,
        ...(user.emailProven === undefined ? {} : { emailProven: user.emailProven }),
      }),
    );
  } catch {
    tokenStore.clear();
    yield put(loggedOut());
  }
}

function* signIn(action: ReturnType<typeof signInRequested>) {
  const res: SignInResponse = yield call(api.signIn, action.payload);
  if (!res.success || !res.message) {
    yield put(signInFailed(res.message));
    return;
  }
  tokenStore.set(res.message);
  linkSessionStore.clear();
  yield put(signedIn());
  yield call(loadCurrentUser);
}

function logOut() {
  tokenStore.clear();
  linkSessionStore.clear();
}

function unauthorizedChannel(): EventChannel<true> {
  return eventChannel<true>((emit) =>
    apiEvents.subscribe((event) => {
      if (event.type === 'unauthorized') emit(true);
    }),
  );
}

/**
 * The server ended the session (a secured call answered 401 for the stored token: the password was
 * changed elsewhere, the user was removed from the team): log out silently.
 */
function* endSessionOnUnauthorized() {
  const channel: EventChannel<true> = yield call(unauthorizedChannel);
  try {
    for (;;) {
      yield take(channel);
      if (tokenStore.get()) yield put(loggedOut());
    }
  } finally {
    channel.close();
  }
}

export function* sessionSaga() {
  yield takeLatest(signInRequested.type, signIn);
  yield takeLatest(userRefreshRequested.type, loadCurrentUser);
  yield takeLatest(loggedOut.type, logOut);
  yield fork(endSessionOnUnauthorized);
  if (tokenStore.get()) yield call(loadCurrentUser);
}
