import { call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Rule } from '@teaminbox/contracts';
import { rulesApi } from '@teaminbox/api-client';
import {
  ruleDeleted,
  ruleDeletionFailed,
  ruleDeletionRequested,
  ruleSaved,
  ruleSaveFailed,
  ruleSaveRequested,
  rulesLoaded,
  rulesLoadFailed,
  rulesRequested,
  rulesScreenOpened,
} from './rulesSlice';

function* loadRules() {
  try {
    const rules: Rule[] = yield call(rulesApi.listRules);
    yield put(rulesLoaded(rules));
  } catch {
    yield put(rulesLoadFailed());
  }
}

/** An item with an id is updated, otherwise created; then back to the reloaded list. */
function* saveRule(action: ReturnType<typeof ruleSaveRequested>) {
  const { id, ...rule } = action.payload;
  try {
    if (id) yield call(rulesApi.updateRule, id, rule);
    else yield call(rulesApi.createRule, rule);
    yield put(ruleSaved());
    yield put(rulesRequested());
  } catch (error) {
    console.warn('Rule not saved', error);
    yield put(ruleSaveFailed());
  }
}

function* deleteRule(action: ReturnType<typeof ruleDeletionRequested>) {
  try {
    yield call(rulesApi.deleteRule, action.payload);
    yield put(ruleDeleted(action.payload));
    yield put(rulesRequested());
  } catch {
    yield put(ruleDeletionFailed(action.payload));
  }
}

export function* rulesSaga() {
  yield takeLatest([rulesScreenOpened.type, rulesRequested.type], loadRules);
  yield takeLeading(ruleSaveRequested.type, saveRule);
  yield takeEvery(ruleDeletionRequested.type, deleteRule);
}
