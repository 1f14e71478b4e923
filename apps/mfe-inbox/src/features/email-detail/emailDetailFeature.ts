import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { emailDetailSaga } from './emailDetailSaga';
import { emailDetailSlice } from './emailDetailSlice';
import { emailHistorySlice } from './emailHistorySlice';
import { replySaga } from './replySaga';
import { replySlice } from './replySlice';

function* emailDetailRootSaga() {
  yield all([emailDetailSaga, replySaga].map((saga) => spawn(saga)));
}

/**
 * The email detail's slices and sagas, injected with its page (the inbox list does not load them). Its server data (the
 * email, its thread, replies, actions, comments, history and rules) comes from the api cache of the web store.
 */
export const emailDetailFeature: RemoteFeature = {
  key: 'inbox/email-detail',
  slices: [emailDetailSlice, replySlice, emailHistorySlice],
  saga: emailDetailRootSaga,
};
