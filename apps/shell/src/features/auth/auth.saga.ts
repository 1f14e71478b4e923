import { call, put, takeLatest } from 'redux-saga/effects';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { api, REGISTER_FAILED_MESSAGE } from '@teaminbox/api-client';
import { browserAlert } from '../../app/browser-alert';
import {
  loginLinkFailed,
  loginLinkRequested,
  loginLinkSent,
  registrationFailed,
  registrationRequested,
  registrationSucceeded,
} from './auth.slice';

function* register(action: ReturnType<typeof registrationRequested>) {
  const res: SuccessMessageResponse = yield call(api.register, action.payload);
  if (res.success) yield put(registrationSucceeded(res.message));
  else yield put(registrationFailed(res.message || REGISTER_FAILED_MESSAGE));
}

function* sendLoginLink(action: ReturnType<typeof loginLinkRequested>) {
  const res: SuccessMessageResponse = yield call(api.sendLoginLink, action.payload);
  if (res.success) {
    yield put(loginLinkSent(res.message));
    return;
  }
  // The spec's error catalogue: the server's message in a browser alert; the form shows it in place too.
  yield put(loginLinkFailed(res.message));
  yield call(browserAlert, res.message);
}

export function* authSaga() {
  yield takeLatest(registrationRequested.type, register);
  yield takeLatest(loginLinkRequested.type, sendLoginLink);
}
