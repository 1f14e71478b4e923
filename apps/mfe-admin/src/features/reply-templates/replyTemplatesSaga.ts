import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ReplyTemplate } from '@teaminbox/contracts';
import { personalApi } from '@teaminbox/api-client';
import {
  selectReplyTemplates,
  templateDeletionRequested,
  templateSaved,
  templateSaveFailed,
  templateSaveRequested,
  templatesLoaded,
  templatesLoadFailed,
  templatesRequested,
  type ReplyTemplatesState,
} from './replyTemplatesSlice';

function* loadTemplates(): SagaIterator {
  try {
    yield put(templatesLoaded((yield call(personalApi.listTemplates)) as ReplyTemplate[]));
  } catch (error) {
    console.error('reply templates could not be loaded', error);
    yield put(templatesLoadFailed());
  }
}

/** An item with an id is updated, otherwise created; then the list is shown again, reloaded. */
function* saveTemplate(): SagaIterator {
  const { editing } = (yield select(selectReplyTemplates)) as ReplyTemplatesState;
  if (!editing) return;
  const { id, ...texts } = editing;
  try {
    if (id) yield call(personalApi.updateTemplate, id, texts);
    else yield call(personalApi.createTemplate, texts);
    yield put(templateSaved());
    yield put(templatesRequested());
  } catch (error) {
    console.error('the reply template could not be saved', error);
    yield put(templateSaveFailed());
  }
}

function* deleteTemplate(action: ReturnType<typeof templateDeletionRequested>): SagaIterator {
  try {
    yield call(personalApi.deleteTemplate, action.payload);
    yield put(templatesRequested());
  } catch (error) {
    console.error('the reply template could not be deleted', error);
  }
}

export function* replyTemplatesSaga(): SagaIterator {
  yield takeLatest(templatesRequested.type, loadTemplates);
  yield takeLeading(templateSaveRequested.type, saveTemplate);
  yield takeEvery(templateDeletionRequested.type, deleteTemplate);
}
