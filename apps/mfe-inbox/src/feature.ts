import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { inboxListSaga } from './features/inbox-list/inboxListSaga';
import { inboxListSlice } from './features/inbox-list/inboxListSlice';
import { teamDirectorySaga, teamDirectorySlice } from './shared/teamDirectory';

function* inboxRootSaga() {
  yield all([inboxListSaga, teamDirectorySaga].map((saga) => spawn(saga)));
}

/**
 * Injected into the shell's store when an inbox route first loads: the inbox list and the team's members and
 * labels. The email detail and My Tasks bring their own with their pages (`features` of the page module).
 */
const feature: RemoteFeature = {
  key: 'inbox',
  slices: [inboxListSlice, teamDirectorySlice],
  saga: inboxRootSaga,
};
export default feature;
