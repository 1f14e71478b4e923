import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { inboxListSaga } from './features/inbox-list/inboxListSaga';
import { inboxListSlice } from './features/inbox-list/inboxListSlice';
import { emailDetailSlice } from './features/email-detail/emailDetailSlice';
import { teamRevisionsSlice } from './shared/teamRevisions';

function* inboxRootSaga() {
  yield all([spawn(inboxListSaga)]);
}

/** Injected into the shell's store when an inbox route first loads. */
const feature: RemoteFeature = {
  key: 'inbox',
  slices: [inboxListSlice, emailDetailSlice, teamRevisionsSlice],
  saga: inboxRootSaga,
};
export default feature;
