import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, delay, fork, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type {
  CurrentUser,
  DetailViewMode,
  EmailAttachment,
  EmailDetail,
  EmailPresence,
  UserPreferences,
} from '@teaminbox/contracts';
import { ApiError, inboxApi } from '@teaminbox/api-client';
import {
  commentChanged,
  connected,
  detailApi,
  emailUpdated,
  presenceChanged,
  replyChanged,
  selectCanWrite,
  selectCurrentUser,
} from '@teaminbox/web-store';
import { listOrEmpty } from '../../shared/lists';
import { attempt, notice, quietly, type Outcome } from '../../shared/notices';
import { saveFile } from './save-file';
import {
  attachmentRequested,
  commandRequested,
  commandSucceeded,
  detailClosed,
  detailLeft,
  detailLoaded,
  detailMissing,
  detailOpened,
  historyLoaded,
  lightboxClosed,
  lightboxOpened,
  readMarked,
  selectEmailDetail,
  VIEW_MODE_STORAGE_KEY,
  viewModeChosen,
  viewModeLoaded,
  type DetailCommand,
  type EmailDetailState,
} from './emailDetailSlice';
import { replySent } from './replySlice';

/** Presence is renewed every 30 s while the email is open. */
export const HEARTBEAT_MS = 30_000;

const ns = (key: string) => `emailDetail.${key}`;

/**
 * Loads the open email: a 404 shows the not-found message; any other failure says so and returns to the inbox.
 * Returns the email when it loaded.
 */
function* loadDetail(id: string): SagaIterator<EmailDetail | null> {
  try {
    const email: EmailDetail = yield call(inboxApi.getEmail, id);
    yield put(detailLoaded(email));
    return email;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      yield put(detailMissing());
    } else {
      yield put(notice('error', ns('loadError')));
      yield put(detailLeft());
    }
    return null;
  }
}

/** The thread (both views) and, for the timeline, the replies and the action log; failures leave them empty. */
function* loadHistory(): SagaIterator {
  const { id, viewMode }: EmailDetailState = yield select(selectEmailDetail);
  if (!id) return;
  const list = <T>(fetch: (id: string) => Promise<T[]>) => call(listOrEmpty<T>, () => fetch(id));
  if (viewMode !== 'timeline') {
    yield put(historyLoaded({ id, thread: yield list(inboxApi.getThread) }));
    return;
  }
  const [thread, replies, actions] = yield all([
    list(inboxApi.getThread),
    list(inboxApi.listReplies),
    list(inboxApi.listActions),
  ]);
  yield put(historyLoaded({ id, thread, replies, actions }));
}

/** Joins the email's viewers; the answer (who views it now) shows at once, whether the socket is open yet or not. */
function* joinPresence(id: string): SagaIterator {
  try {
    const presence: EmailPresence | undefined = yield call(inboxApi.joinPresence, id);
    if (presence) yield put(presenceChanged(presence));
  } catch (error) {
    console.warn('presence failed', error);
  }
}

/**
 * Presence again every HEARTBEAT_MS, and each time the live connection opens: the viewers the server announced while
 * this page had no socket (it connects after the first screen, or after a drop) reach it then.
 */
function* heartbeat(id: string): SagaIterator {
  for (;;) {
    yield race([delay(HEARTBEAT_MS), take(connected.type)]);
    yield call(joinPresence, id);
  }
}

/** The server's view mode wins once it has loaded; a failure is only logged (spec: preference load is silent). */
function* loadViewMode(): SagaIterator {
  try {
    const preferences: UserPreferences | undefined = yield call(inboxApi.getPreferences);
    if (!preferences?.emailDetailViewMode) return;
    yield call(rememberViewMode, preferences.emailDetailViewMode);
    yield put(viewModeLoaded(preferences.emailDetailViewMode));
  } catch (error) {
    console.warn('Could not load preferences', error);
  }
}

function rememberViewMode(mode: DetailViewMode): void {
  try {
    window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, mode);
  } catch {
    // Storage may be unavailable (private mode); the server keeps the choice.
  }
}

function* chooseViewMode(action: PayloadAction<DetailViewMode>): SagaIterator {
  yield call(rememberViewMode, action.payload);
  try {
    yield call(inboxApi.setPreferences, { emailDetailViewMode: action.payload });
  } catch (error) {
    console.warn('Could not save the view mode', error);
  }
}

/** Opening an unread email marks it read; once stored, the History view lists it (its cached events are stale). */
function* markRead(id: string): SagaIterator {
  try {
    yield call(inboxApi.markRead, id);
    yield put(readMarked(id));
    yield put(detailApi.util.invalidateTags([{ type: 'EmailHistory', id }]));
  } catch (error) {
    console.warn('read mark failed', error);
  }
}

/** While an email is open: read mark, presence (with a heartbeat) and its data; presence is left on the way out. */
function* watchEmail(action: PayloadAction<string>): SagaIterator {
  const id = action.payload;
  try {
    yield fork(loadViewMode);
    yield fork(loadHistory);
    const email: EmailDetail | null = yield call(loadDetail, id);
    // An auditor only reads: opening an email neither marks it read nor shows them as viewing it.
    const canWrite: boolean = yield select(selectCanWrite);
    if (email && canWrite) {
      if (!email.read) yield fork(markRead, id);
      yield fork(joinPresence, id);
    }
    const closed = take(
      (next: { type: string; payload?: unknown }) => next.type === detailClosed.type && next.payload === id,
    );
    if (canWrite) yield race([closed, call(heartbeat, id)]);
    else yield closed;
  } finally {
    if (yield select(selectCanWrite)) yield call(quietly, () => inboxApi.leavePresence(id), 'presence');
  }
}

/** Changes pushed by others reload what they touched: the email and its history, the history. */
function* reloadOnChange(action: PayloadAction<{ id?: string; emailId?: string }>): SagaIterator {
  const { id }: EmailDetailState = yield select(selectEmailDetail);
  const changed = action.payload.emailId ?? action.payload.id;
  if (!id || changed !== id) return;
  if (action.type === emailUpdated.type || action.type === replySent.type) yield call(loadDetail, id);
  // This session's reply reaches the History view before its push does.
  if (action.type === replySent.type) yield put(detailApi.util.invalidateTags([{ type: 'EmailHistory', id }]));
  yield call(loadHistory);
}

function outcomeOf(command: DetailCommand): Outcome & { leave?: boolean } {
  switch (command.kind) {
    case 'archive':
    case 'unarchive':
    case 'spam':
    case 'notSpam':
      return { error: ns(`${command.kind}Error`), leave: true };
    case 'mute':
    case 'unmute':
      return { error: ns('muteError') };
    case 'markUnread':
      return { error: ns('unreadError') };
    case 'assign':
      return { error: ns('assignError'), success: ns(command.mine ? 'assignedToYou' : 'assignedOk') };
    case 'unassign':
      return { error: ns('unassignError'), success: ns('unassigned') };
    case 'addLabel':
      return { error: ns('labelAddError'), success: ns('labelAssigned'), values: { name: command.label.name } };
    case 'removeLabel':
      return { error: ns('labelRemoveError') };
    case 'setStatus':
      return { error: ns('statusError'), success: ns('statusChanged') };
    case 'setPriority':
      return { error: ns('priorityError'), success: ns('priorityChanged') };
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
}

function callOf(emailId: string, command: DetailCommand): () => Promise<unknown> {
  switch (command.kind) {
    case 'assign':
      return () => inboxApi.assign(emailId, command.userId);
    case 'unassign':
      return () => inboxApi.assign(emailId, '');
    case 'addLabel':
      return () => inboxApi.addLabelToEmail(emailId, command.label);
    case 'removeLabel':
      return () => inboxApi.removeLabelFromEmail(emailId, command.labelId);
    case 'setStatus':
      return () => inboxApi.setStatus(emailId, command.status);
    case 'setPriority':
      return () => inboxApi.setPriority(emailId, command.priority);
    default: {
      const kind = command.kind;
      return () => inboxApi[kind](emailId);
    }
  }
}

/** A command on the open email: its notices; then back to the inbox (archive, spam, ...) or the email reloaded. */
function* runCommand(action: ReturnType<typeof commandRequested>): SagaIterator {
  const { emailId, command } = action.payload;
  if (command.kind === 'assign' && command.mine) {
    const me: CurrentUser | null = yield select(selectCurrentUser);
    if (!me?.id) {
      yield put(notice('error', ns('notAuthenticated')));
      return;
    }
  }
  const outcome = outcomeOf(command);
  const done: boolean = yield call(attempt, callOf(emailId, command), outcome);
  if (!done) return;
  yield put(commandSucceeded(command));
  if (outcome.leave) yield put(detailLeft());
  else yield call(loadDetail, emailId);
}

/** Downloads an attachment, or shows an image in the lightbox. */
function* openAttachment(action: PayloadAction<{ attachment: EmailAttachment; preview: boolean }>): SagaIterator {
  const { attachment, preview } = action.payload;
  if (!attachment.id) {
    yield put(notice('error', ns('attachmentUnavailable')));
    return;
  }
  if (!preview) yield put(notice('info', ns('downloading')));
  try {
    const blob: Blob = yield call(inboxApi.downloadAttachment, attachment.id);
    const url = URL.createObjectURL(blob);
    if (preview) yield put(lightboxOpened({ name: attachment.filename, url }));
    else yield call(saveFile, url, attachment.filename);
  } catch {
    yield put(notice('error', ns(preview ? 'attachmentLoadError' : 'downloadError')));
  }
}

/** The lightbox's image is released when it closes. */
function* releaseLightbox(action: PayloadAction<{ url: string }>): SagaIterator {
  yield race([take(lightboxClosed.type), take(detailOpened.type)]);
  URL.revokeObjectURL(action.payload.url);
}

export function* emailDetailSaga(): SagaIterator {
  yield takeLatest(detailOpened.type, watchEmail);
  yield takeEvery([emailUpdated.type, commentChanged.type, replyChanged.type, replySent.type], reloadOnChange);
  yield takeLatest(viewModeChosen.type, chooseViewMode);
  yield takeLatest(viewModeChosen.type, loadHistory);
  yield takeEvery(commandRequested.type, runCommand);
  yield takeEvery(attachmentRequested.type, openAttachment);
  yield takeEvery(lightboxOpened.type, releaseLightbox);
}
