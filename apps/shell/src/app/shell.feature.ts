import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { authSaga } from '../features/auth/auth.saga';
import { authSlice } from '../features/auth/auth.slice';
import { invitationSaga } from '../features/invitation/invitation.saga';
import { invitationSlice } from '../features/invitation/invitation.slice';
import { linkSignInSaga } from '../features/login-link/linkSignIn.saga';
import { linkSignInSlice } from '../features/login-link/linkSignIn.slice';
import { passwordSaga } from '../features/password/password.saga';
import { passwordSlice } from '../features/password/password.slice';
import { quickSearchSaga } from '../features/quick-search/quickSearch.saga';
import { quickSearchSlice } from '../features/quick-search/quickSearch.slice';

function* shellSaga() {
  yield all([
    spawn(authSaga),
    spawn(linkSignInSaga),
    spawn(invitationSaga),
    spawn(passwordSaga),
    spawn(quickSearchSaga),
  ]);
}

/** The shell's own slices and sagas (public screens, login links, invitations, password), injected at start. */
export const shellFeature: RemoteFeature = {
  key: 'shell',
  slices: [authSlice, linkSignInSlice, invitationSlice, passwordSlice, quickSearchSlice],
  saga: shellSaga,
};
