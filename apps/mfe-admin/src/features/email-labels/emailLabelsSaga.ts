import type { SagaIterator } from 'redux-saga';
import { call, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CurrentUser, Label, SuccessMessageResponse } from '@teaminbox/contracts';
import { ApiError, inboxApi } from '@teaminbox/api-client';
import { noticeRaised, selectCurrentUser, userLoaded } from '@teaminbox/web-store';
import {
  defaultLabelsFailed,
  defaultLabelsInitialized,
  defaultLabelsRequested,
  labelCreated,
  labelCreationFailed,
  labelCreationRequested,
  labelDeleted,
  labelDeletionFailed,
  labelDeletionRequested,
  labelsLoaded,
  labelsLoadFailed,
  labelsRequested,
  selectEmailLabels,
  type EmailLabelsState,
} from './emailLabelsSlice';

/** The spec's label screen notices: 2 s for successes, 3 s for errors and checks, each with its 'Close' action. */
export const LABEL_SUCCESS_MS = 2000;
export const LABEL_ERROR_MS = 3000;

/** The server's words for refusing to delete a default label (the decider's message). */
const DEFAULT_UNDELETABLE = 'Cannot delete default labels';

const notice = (severity: 'success' | 'error', key: string) =>
  noticeRaised({
    severity,
    key: `emailLabels.${key}`,
    lifeMs: severity === 'success' ? LABEL_SUCCESS_MS : LABEL_ERROR_MS,
    closeKey: 'emailLabels.close',
  });

/** The spec: labels load after the current user is known, fetched first if needed (the session saga fetches it). */
function* currentUser(): SagaIterator<CurrentUser> {
  const known = (yield select(selectCurrentUser)) as CurrentUser | null;
  if (known) return known;
  const loaded = (yield take(userLoaded.type)) as ReturnType<typeof userLoaded>;
  return loaded.payload;
}

function* loadLabels(): SagaIterator {
  const user = (yield call(currentUser)) as CurrentUser;
  if (!user.teamId) {
    // Labels belong to a team: without one there is nothing to list (and nothing to ask the server).
    yield put(labelsLoaded([]));
    return;
  }
  try {
    yield put(labelsLoaded((yield call(inboxApi.listLabels, user.teamId)) as Label[]));
  } catch {
    yield put(labelsLoadFailed());
    yield put(notice('error', 'loadError'));
  }
}

function* createLabel(): SagaIterator {
  const { draft } = (yield select(selectEmailLabels)) as EmailLabelsState;
  const name = draft.name.trim();
  if (!name) {
    yield put(labelCreationFailed());
    yield put(notice('error', 'nameRequired'));
    return;
  }
  const user = (yield call(currentUser)) as CurrentUser;
  try {
    const label = (yield call(inboxApi.createLabel, {
      name,
      color: draft.color,
      backgroundColor: draft.backgroundColor,
      teamId: user.teamId ?? undefined,
    })) as Label;
    yield put(labelCreated(label));
    yield put(notice('success', 'created'));
  } catch {
    yield put(labelCreationFailed());
    yield put(notice('error', 'createError'));
  }
}

function serverMessage(error: unknown): string | undefined {
  const body = error instanceof ApiError ? (error.body as Partial<SuccessMessageResponse> | undefined) : undefined;
  return body && typeof body === 'object' && typeof body.message === 'string' ? body.message : undefined;
}

function* deleteLabel(action: ReturnType<typeof labelDeletionRequested>): SagaIterator {
  const label = action.payload;
  if (label.isDefault) {
    yield put(notice('error', 'defaultUndeletable'));
    return;
  }
  try {
    yield call(inboxApi.deleteLabel, label.id);
    yield put(labelDeleted(label.id));
    yield put(notice('success', 'deleted'));
  } catch (error) {
    yield put(labelDeletionFailed(label.id));
    yield put(notice('error', serverMessage(error) === DEFAULT_UNDELETABLE ? 'defaultUndeletable' : 'deleteError'));
  }
}

/** The spec: initializing defaults reloads the list. */
function* initializeDefaults(): SagaIterator {
  try {
    yield call(inboxApi.initializeLabels);
    yield put(defaultLabelsInitialized());
    yield put(notice('success', 'initialized'));
    yield put(labelsRequested());
  } catch {
    yield put(defaultLabelsFailed());
    yield put(notice('error', 'initializeError'));
  }
}

export function* emailLabelsSaga(): SagaIterator {
  yield takeLatest(labelsRequested.type, loadLabels);
  yield takeLeading(labelCreationRequested.type, createLabel);
  yield takeEvery(labelDeletionRequested.type, deleteLabel);
  yield takeLeading(defaultLabelsRequested.type, initializeDefaults);
}
