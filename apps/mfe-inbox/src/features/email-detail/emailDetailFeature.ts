import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { commentsSaga } from './commentsSaga';
import { commentsSlice } from './commentsSlice';
import { emailDetailSaga } from './emailDetailSaga';
import { emailDetailSlice } from './emailDetailSlice';
import { emailHistorySaga } from './emailHistorySaga';
import { emailHistorySlice } from './emailHistorySlice';
import { emailRulesSaga } from './emailRulesSaga';
import { emailRulesSlice } from './emailRulesSlice';
import { replySaga } from './replySaga';
import { replySlice } from './replySlice';

function* emailDetailRootSaga() {
  yield all([emailDetailSaga, emailRulesSaga, commentsSaga, replySaga, emailHistorySaga].map((saga) => spawn(saga)));
}

/** The email detail's slices and sagas, injected with its page (the inbox list does not load them). */
export const emailDetailFeature: RemoteFeature = {
  key: 'inbox/email-detail',
  slices: [emailDetailSlice, emailRulesSlice, commentsSlice, replySlice, emailHistorySlice],
  saga: emailDetailRootSaga,
};
