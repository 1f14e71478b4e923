import { useEffect } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Email, EmailDetail, Page } from '@teaminbox/contracts';
import {
  useAppDispatch,
  useAppSelector,
  useEmailDetailQuery,
  useMyTasksQuery,
  type MyTasksArgs,
} from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { useListView } from '../inbox-list/listView';
import { ALL, selectMyTasks, TASK_PAGE_SIZE } from './myTasksSlice';

const NO_TASKS: Page<Email> = { content: [], totalPages: 0, totalElements: 0 };

export interface MyTasks {
  /** The page of tasks on screen (the last one while the next loads; none before the first answer). */
  page: Page<Email> | null;
  loading: boolean;
  /** The task shown in the detail pane (the one clicked last), with its body. */
  selected: EmailDetail | null;
}

/**
 * My Tasks from the api cache: the page for the query on screen (one row per conversation with the person's "Use
 * conversation threads" on), loaded anew whenever the page opens or the query changes; a failure says 'Error loading
 * my tasks' and shows no tasks. The chosen task comes with its body (`emailDetail`); a failure shows none.
 */
export function useMyTasks(): MyTasks {
  const dispatch = useAppDispatch();
  const { shown, query, selectedId } = useAppSelector(selectMyTasks);
  const view = useListView();
  const args: MyTasksArgs | typeof skipToken =
    shown && view
      ? {
          view,
          page: query.page,
          size: TASK_PAGE_SIZE,
          status: query.status === ALL ? undefined : query.status,
          priority: query.priority === ALL ? undefined : query.priority,
          search: query.search || undefined,
        }
      : skipToken;
  const tasks = useMyTasksQuery(args, { refetchOnMountOrArgChange: true });
  const detail = useEmailDetailQuery(selectedId ?? skipToken, { refetchOnMountOrArgChange: true });

  // One notice per failed load.
  const failedAt = tasks.isError ? tasks.startedTimeStamp : undefined;
  useEffect(() => {
    if (failedAt !== undefined) dispatch(notice('error', 'myTasks.loadError'));
  }, [dispatch, failedAt]);

  return {
    page: tasks.isError ? NO_TASKS : (tasks.data ?? null),
    loading: tasks.isFetching || tasks.isUninitialized,
    selected: selectedId && !detail.isError ? (detail.data ?? null) : null,
  };
}
