import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { Email, Page } from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';
import {
  quickSearchAnswered,
  quickSearchCleared,
  quickSearchRequested,
  selectQuickSearch,
  type QuickSearchState,
} from './quickSearch.slice';

export const QUICK_SEARCH_RESULTS = 5;

/**
 * Up to 5 emails for the typed text; the same query twice is asked once (its results are shown again), a newer
 * query replaces an older one still on its way, and a failure is only logged and shows no results.
 */
function* search(action: PayloadAction<string>): SagaIterator {
  const query = action.payload.trim();
  const last: QuickSearchState = yield select(selectQuickSearch);
  if (!query) {
    yield put(quickSearchCleared());
    return;
  }
  if (query === last.asked) {
    yield put(quickSearchAnswered({ query, results: [...last.results] }));
    return;
  }
  try {
    const page: Page<Email> = yield call(inboxApi.searchEmails, query, 0, QUICK_SEARCH_RESULTS);
    yield put(quickSearchAnswered({ query, results: page.content }));
  } catch (error) {
    console.warn('Quick search failed', error);
    yield put(quickSearchAnswered({ query: '', results: [] }));
  }
}

export function* quickSearchSaga(): SagaIterator {
  yield takeLatest(quickSearchRequested.type, search);
}
