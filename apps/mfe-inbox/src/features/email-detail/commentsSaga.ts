import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Comment, CommentChange } from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';
import { commentChanged } from '@teaminbox/web-store';
import { listOrEmpty } from '../../shared/lists';
import { attempt } from '../../shared/notices';
import {
  commentAdded,
  commentAddRequested,
  commentDeleted,
  commentDeleteRequested,
  commentSaved,
  commentSaveRequested,
  commentsLoaded,
  selectComments,
  type CommentsState,
} from './commentsSlice';
import { detailOpened, selectEmailDetail, type EmailDetailState } from './emailDetailSlice';

/** The comments of an email; a list that cannot be loaded is empty. */
function* loadComments(emailId: string): SagaIterator {
  const comments: Comment[] = yield call(listOrEmpty, () => inboxApi.listComments(emailId));
  yield put(commentsLoaded(comments));
}

function* onOpened(action: PayloadAction<string>): SagaIterator {
  yield call(loadComments, action.payload);
}

/** A comment added, edited or deleted by someone else reloads the list of the open email. */
function* onChanged(action: PayloadAction<CommentChange>): SagaIterator {
  const { id }: EmailDetailState = yield select(selectEmailDetail);
  if (id && action.payload.emailId === id) yield call(loadComments, id);
}

/** A blank comment is not sent; a failed one keeps its text for another try. */
function* add(action: ReturnType<typeof commentAddRequested>): SagaIterator {
  const { emailId } = action.payload;
  const message = action.payload.message.trim();
  if (!message) return;
  const done: boolean = yield call(attempt, () => inboxApi.addComment(emailId, message), {
    error: 'emailDetail.commentAddError',
  });
  if (!done) return;
  yield put(commentAdded());
  yield call(loadComments, emailId);
}

function* save(action: ReturnType<typeof commentSaveRequested>): SagaIterator {
  const { emailId } = action.payload;
  const { editing }: CommentsState = yield select(selectComments);
  const message = editing?.text.trim();
  if (!editing || !message) return;
  const done: boolean = yield call(attempt, () => inboxApi.editComment(emailId, editing.id, message), {
    error: 'emailDetail.commentEditError',
  });
  if (!done) return;
  yield put(commentSaved());
  yield call(loadComments, emailId);
}

function* remove(action: ReturnType<typeof commentDeleteRequested>): SagaIterator {
  const { emailId, commentId } = action.payload;
  const done: boolean = yield call(attempt, () => inboxApi.deleteComment(emailId, commentId), {
    error: 'emailDetail.commentDeleteError',
  });
  if (!done) return;
  yield put(commentDeleted(commentId));
  yield call(loadComments, emailId);
}

export function* commentsSaga(): SagaIterator {
  yield takeLatest(detailOpened.type, onOpened);
  yield takeEvery(commentChanged.type, onChanged);
  yield takeEvery(commentAddRequested.type, add);
  yield takeEvery(commentSaveRequested.type, save);
  yield takeEvery(commentDeleteRequested.type, remove);
}
