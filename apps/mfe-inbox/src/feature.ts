import './i18n/texts';
import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { inboxListSaga } from './features/inbox-list/inboxListSaga';
import { inboxListSlice } from './features/inbox-list/inboxListSlice';

function* inboxRootSaga() {
  yield all([inboxListSaga].map((saga) => spawn(saga)));
}

/**
 * Injected into the shell's store when an inbox route first loads: the inbox list (the team's members and labels
 * are in the shared api cache). The email detail and My Tasks bring their own with their pages (`features` of the page module).
 */
const feature: RemoteFeature = {
  key: 'inbox',
  slices: [inboxListSlice],
  saga: inboxRootSaga,
};
export default feature;
