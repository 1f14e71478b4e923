import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, fork, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type {
  CurrentUser,
  DetailViewMode,
  EmailAttachment,
  EmailDetail,
  EmailPresence,
  UserPreferences,
} from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';
import {
  connected,
  detailApi,
  emailChanged,
  inboxApi as inboxCache,
  presenceChanged,
  selectCanWrite,
  selectCurrentUser,
  settingsApi,
  type ApiFailure,
} from '@teaminbox/web-store';
import { attempt, notice, quietly, type Outcome } from '../../shared/notices';
import { saveFile } from './save-file';
import {
  attachmentRequested,
  commandRequested,
  commandSucceeded,
  detailClosed,
  detailLeft,
  detailLoaded,
  detailOpened,
  lightboxClosed,
  lightboxOpened,
  readMarked,
  VIEW_MODE_STORAGE_KEY,
  viewModeChosen,
  type DetailCommand,
} from './emailDetailSlice';
import { replySent } from './replySlice';

/** Presence is renewed every 30 s while the email is open. */
export const HEARTBEAT_MS = 30_000;

const ns = (key: string) => `emailDetail.${key}`;

/**
 * The open email through the api cache (loaded afresh as it opens; the page shows what the cache holds): a 404 leaves
 * the cache's failure for the page's not-found message; any other failure says so and returns to the inbox.
 * Returns the email when it loaded.
 */
function* loadDetail(id: string): SagaIterator<EmailDetail | null> {
  const query = (yield put(
    inboxCache.endpoints.emailDetail.initiate(id, { subscribe: false, forceRefetch: true }) as never,
  )) as ReturnType<ReturnType<typeof inboxCache.endpoints.emailDetail.initiate>>;
  try {
    const email: EmailDetail = yield call(() => query.unwrap());
    yield put(detailLoaded(email));
    return email;
  } catch (error) {
    if ((error as Partial<ApiFailure>).status !== 404) {
      yield put(notice('error', ns('loadError')));
      yield put(detailLeft());
    }
    return null;
  }
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

function rememberViewMode(mode: DetailViewMode): void {
  try {
    window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, mode);
  } catch {
    // Storage may be unavailable (private mode); the server keeps the choice.
  }
}

/** The person's stored view mode, once the preferences have loaded, is remembered in this browser too. */
function* rememberServerViewMode(action: { payload: UserPreferences }): SagaIterator {
  if (action.payload?.emailDetailViewMode) yield call(rememberViewMode, action.payload.emailDetailViewMode);
}

/** A chosen view mode is kept in this browser and stored as the person's preference (a failure is only logged). */
function* chooseViewMode(action: PayloadAction<DetailViewMode>): SagaIterator {
  yield call(rememberViewMode, action.payload);
  yield put(settingsApi.endpoints.setPreferences.initiate({ emailDetailViewMode: action.payload }) as never);
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

/** This session's reply reaches the email, its thread, action log and History view before its push does. */
function* replyWasSent(action: PayloadAction<{ emailId: string }>): SagaIterator {
  const { emailId } = action.payload;
  yield put(detailApi.util.invalidateTags([...emailChanged(emailId), { type: 'EmailThread', id: emailId }]));
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

/**
 * A command on the open email: its notices; then back to the inbox (archive, spam, ...), or the cached email and its
 * logs are stale and the page loads them again.
 */
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
  else yield put(detailApi.util.invalidateTags(emailChanged(emailId)));
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
  yield takeEvery(replySent.type, replyWasSent);
  yield takeEvery(settingsApi.endpoints.userPreferences.matchFulfilled, rememberServerViewMode);
  yield takeLatest(viewModeChosen.type, chooseViewMode);
  yield takeEvery(commandRequested.type, runCommand);
  yield takeEvery(attachmentRequested.type, openAttachment);
  yield takeEvery(lightboxOpened.type, releaseLightbox);
}
