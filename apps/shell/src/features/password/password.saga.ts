import { call, put, takeEvery, takeLeading } from 'redux-saga/effects';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { api, ApiError, FORBIDDEN_TEXT, linkSessionStore, tokenStore } from '@teaminbox/api-client';
import { noticeRaised } from '@teaminbox/web-store';
import {
  passwordChanged,
  passwordChangeFailed,
  passwordChangeRequested,
  passwordPromptDismissed,
} from './password.slice';

export const PASSWORD_NOTICE_MS = 2000;
const BAD_REQUEST = 400;

function* changePassword(action: ReturnType<typeof passwordChangeRequested>) {
  const withoutCurrent = !action.payload.currentPassword;
  try {
    const res: SuccessMessageResponse = yield call(api.changePassword, action.payload);
    if (!res || !res.success || !res.message) {
      yield put(passwordChangeFailed({ message: res?.message ?? '', needsCurrent: false }));
      return;
    }
    // Every earlier session ended with the change; this tab goes on with the new token.
    tokenStore.set(res.message);
    linkSessionStore.clear();
    yield put(passwordChanged());
    yield put(noticeRaised({ severity: 'success', key: 'password.changed', lifeMs: PASSWORD_NOTICE_MS }));
  } catch (error) {
    const apiError = error instanceof ApiError ? error : undefined;
    const message = apiError?.status === 403 ? FORBIDDEN_TEXT : (apiError?.message ?? String(error));
    yield put(passwordChangeFailed({ message, needsCurrent: withoutCurrent && apiError?.status === BAD_REQUEST }));
  }
}

function forgetLinkSession() {
  linkSessionStore.clear();
}

export function* passwordSaga() {
  yield takeLeading(passwordChangeRequested.type, changePassword);
  yield takeEvery(passwordPromptDismissed.type, forgetLinkSession);
}
