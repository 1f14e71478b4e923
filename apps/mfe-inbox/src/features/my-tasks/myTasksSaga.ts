import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { Email, EmailDetail, ListView, Page } from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';
import { notice } from '../../shared/notices';
import { listViewSetting } from '../inbox-list/listView';
import {
  ALL,
  myTasksOpened,
  selectMyTasks,
  TASK_PAGE_SIZE,
  taskSelected,
  tasksFiltered,
  tasksLoaded,
  tasksPageChosen,
  taskShown,
  type MyTasksState,
} from './myTasksSlice';

/**
 * The page of tasks for the query on screen (one per conversation with the person's "Use conversation threads" on);
 * a failure shows 'Error loading my tasks' and no tasks.
 */
function* loadTasks(): SagaIterator {
  const { query }: MyTasksState = yield select(selectMyTasks);
  const view: ListView = yield call(listViewSetting);
  try {
    const page: Page<Email> = yield call(inboxApi.myTasks, {
      view,
      page: query.page,
      size: TASK_PAGE_SIZE,
      status: query.status === ALL ? undefined : query.status,
      priority: query.priority === ALL ? undefined : query.priority,
      search: query.search || undefined,
    });
    yield put(tasksLoaded(page));
  } catch {
    yield put(tasksLoaded({ content: [], totalPages: 0, totalElements: 0 }));
    yield put(notice('error', 'myTasks.loadError'));
  }
}

/** The task clicked last is shown: an earlier click answered late is dropped (takeLatest cancels it). */
function* showTask(action: PayloadAction<string>): SagaIterator {
  try {
    const detail: EmailDetail = yield call(inboxApi.getEmail, action.payload);
    yield put(taskShown(detail));
  } catch {
    yield put(taskShown(null));
  }
}

export function* myTasksSaga(): SagaIterator {
  yield takeLatest([myTasksOpened.type, tasksFiltered.type, tasksPageChosen.type], loadTasks);
  yield takeLatest(taskSelected.type, showTask);
}
