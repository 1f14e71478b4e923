import type { Action } from '@reduxjs/toolkit';
import { put, select, takeEvery } from 'redux-saga/effects';
import { webApi, type WebApiTag } from './api';
import { followConversationPush, isConversationPush } from './conversations.api';
import { DETAIL_PUSHES, detailApi, detailTagsOf } from './detail.api';
import { labelChanged, replyTemplateChanged } from './events';
import { followInboxPush, isInboxPush } from './inbox.api';
import { NOTIFICATION_PUSHES, notificationsCacheChanges } from './notifications.api';
import { REPLY_PUSHES, replyApi, replyTagsOf } from './reply.api';
import { OUTBOX_PUSHES, outboxApi } from './outbox.api';
import { loggedOut } from './session.slice';

/** The cached server data each socket push makes stale: what the screens showing it fetch again. */
export const PUSH_INVALIDATIONS: Readonly<Record<string, readonly WebApiTag[]>> = {
  [labelChanged.type]: ['Label'],
  [replyTemplateChanged.type]: ['ReplyTemplate'],
};

/** Keeps the cache true: a push invalidates what it changed; a logout forgets everything cached for the user. */
export function* webApiSaga() {
  yield takeEvery(loggedOut.type, function* forget() {
    yield put(webApi.util.resetApiState());
  });
  yield takeEvery(Object.keys(PUSH_INVALIDATIONS), function* invalidate(action: Action) {
    yield put(webApi.util.invalidateTags([...PUSH_INVALIDATIONS[action.type]]));
  });
  yield takeEvery([...DETAIL_PUSHES], function* invalidateDetail(action: Action) {
    yield put(detailApi.util.invalidateTags(detailTagsOf(action)));
  });
  yield takeEvery([...OUTBOX_PUSHES], function* invalidateScheduledSends() {
    yield put(outboxApi.util.invalidateTags(['ScheduledSend']));
  });
  yield takeEvery([...REPLY_PUSHES], function* invalidateReplies(action: Action) {
    yield put(replyApi.util.invalidateTags(replyTagsOf(action)));
  });
  yield takeEvery([...NOTIFICATION_PUSHES], function* followNotifications(action: Action) {
    const state: unknown = yield select();
    for (const change of notificationsCacheChanges(action, state)) yield put(change as Action);
  });
  yield takeEvery(isConversationPush, followConversationPush);
  yield takeEvery(isInboxPush, followInboxPush);
}
