import { call, delay, put, select, takeEvery } from 'redux-saga/effects';
import type { LoginLinkResponse } from '@teaminbox/contracts';
import { api, ApiError, linkSessionStore, tokenStore } from '@teaminbox/api-client';
import { loadCurrentUser, selectSessionStatus, signedIn, type SessionStatus } from '@teaminbox/web-store';
import { loginLinkAttempted, loginLinkOpened, loginLinkRejected, loginLinkSignedIn } from './linkSignIn.slice';

/** The spec: repeated once per second while the server answers 425, up to 100 attempts. */
export const LOGIN_LINK_RETRY_MS = 1000;
export const LOGIN_LINK_MAX_ATTEMPTS = 100;
export const LOGIN_LINK_MIN_TOKEN_LENGTH = 2;
const TOO_EARLY = 425;

function* signInWithLink(token: string) {
  if (token.length < LOGIN_LINK_MIN_TOKEN_LENGTH) {
    yield put(loginLinkRejected());
    return;
  }
  for (let attempt = 1; ; attempt++) {
    let res: LoginLinkResponse;
    try {
      yield put(loginLinkAttempted());
      res = yield call(api.loginLinkSignIn, token);
    } catch (error) {
      if (error instanceof ApiError && error.status === TOO_EARLY && attempt < LOGIN_LINK_MAX_ATTEMPTS) {
        yield delay(LOGIN_LINK_RETRY_MS);
        continue;
      }
      yield put(loginLinkRejected());
      return;
    }
    if (!res || typeof res.token !== 'string' || !res.token) {
      yield put(loginLinkRejected());
      return;
    }
    tokenStore.set(res.token);
    linkSessionStore.mark();
    yield put(signedIn());
    yield call(loadCurrentUser);
    const status: SessionStatus = yield select(selectSessionStatus);
    yield put(status === 'authenticated' ? loginLinkSignedIn(res.id) : loginLinkRejected());
    return;
  }
}

/**
 * Each token is used at most once per page: the screen's effect may run twice (React StrictMode),
 * and the link is single-use on the server.
 */
export function* linkSignInSaga() {
  const handled = new Set<string>();
  yield takeEvery(loginLinkOpened.type, function* (action: ReturnType<typeof loginLinkOpened>) {
    if (handled.has(action.payload)) return;
    handled.add(action.payload);
    yield call(signInWithLink, action.payload);
  });
}
