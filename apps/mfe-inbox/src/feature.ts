import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { commentsSaga } from './features/email-detail/commentsSaga';
import { commentsSlice } from './features/email-detail/commentsSlice';
import { emailDetailSaga } from './features/email-detail/emailDetailSaga';
import { emailDetailSlice } from './features/email-detail/emailDetailSlice';
import { replySaga } from './features/email-detail/replySaga';
import { replySlice } from './features/email-detail/replySlice';
import { inboxListSaga } from './features/inbox-list/inboxListSaga';
import { inboxListSlice } from './features/inbox-list/inboxListSlice';
import { myTasksSaga } from './features/my-tasks/myTasksSaga';
import { myTasksSlice } from './features/my-tasks/myTasksSlice';
import { teamDirectorySaga, teamDirectorySlice } from './shared/teamDirectory';

function* inboxRootSaga() {
  yield all(
    [inboxListSaga, emailDetailSaga, commentsSaga, replySaga, myTasksSaga, teamDirectorySaga].map((saga) =>
      spawn(saga),
    ),
  );
}

/** Injected into the shell's store when an inbox route first loads. */
const feature: RemoteFeature = {
  key: 'inbox',
  slices: [inboxListSlice, emailDetailSlice, commentsSlice, replySlice, myTasksSlice, teamDirectorySlice],
  saga: inboxRootSaga,
};
export default feature;
