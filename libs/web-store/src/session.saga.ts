import { call, put, takeLatest } from 'redux-saga/effects';
import type { CurrentUser, SignInResponse } from '@teaminbox/contracts';
import { api, tokenStore } from '@teaminbox/api-client';
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
  yield put(signedIn());
  yield call(loadCurrentUser);
}

function logOut() {
  tokenStore.clear();
}

export function* sessionSaga() {
  yield takeLatest(signInRequested.type, signIn);
  yield takeLatest(userRefreshRequested.type, loadCurrentUser);
  yield takeLatest(loggedOut.type, logOut);
  if (tokenStore.get()) yield call(loadCurrentUser);
}
