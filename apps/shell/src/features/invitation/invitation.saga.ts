import { call, put, takeLatest } from 'redux-saga/effects';
import type { InvitationResponse } from '@teaminbox/contracts';
import { api } from '@teaminbox/api-client';
import { browserAlert } from '../../app/browser-alert';
import { invitationExpired, invitationFound, invitationOpened } from './invitation.slice';

const EXISTING_USER_FLAG = 1;

function* describeInvitation(action: ReturnType<typeof invitationOpened>) {
  const res: InvitationResponse = yield call(api.describeInvitation, action.payload);
  if (res.success && res.message) {
    yield put(invitationFound({ email: res.message, existingUser: Number(res.flag) === EXISTING_USER_FLAG }));
    return;
  }
  yield put(invitationExpired());
  // The spec's error catalogue: an error of the invitation lookup shows the server's message in an alert.
  if (!res.success && res.message) yield call(browserAlert, res.message);
}

export function* invitationSaga() {
  yield takeLatest(invitationOpened.type, describeInvitation);
}
