import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Email, EmailDetail, Page } from '@teaminbox/contracts';

/** Spec (admin-and-personal, section 9): task page size 20. */
export const TASK_PAGE_SIZE = 20;

/** The 'All Status' / 'All Priority' choice: the dropdown shows an empty string as no choice at all. */
export const ALL = 'ALL';

export interface TasksQuery {
  page: number;
  /** ALL or a status. */
  status: string;
  /** ALL or a priority. */
  priority: string;
  search: string;
}

/** /admin/my-tasks: the query on screen, the page of tasks it answered, and the task shown in the detail pane. */
export interface MyTasksState {
  query: TasksQuery;
  page: Page<Email> | null;
  loading: boolean;
  selected: EmailDetail | null;
}

const initialState: MyTasksState = {
  query: { page: 0, status: ALL, priority: ALL, search: '' },
  page: null,
  loading: true,
  selected: null,
};

export const myTasksSlice = createSlice({
  name: 'myTasks',
  initialState,
  reducers: {
    /** The page opens from scratch: first page, no filter, nothing selected. */
    myTasksOpened: () => initialState,
    /** Any filter or search change goes back to the first page. */
    tasksFiltered(state, action: PayloadAction<Partial<Omit<TasksQuery, 'page'>>>) {
      state.query = { ...state.query, ...action.payload, page: 0 };
      state.loading = true;
    },
    tasksPageChosen(state, action: PayloadAction<number>) {
      state.query.page = action.payload;
      state.loading = true;
    },
    tasksLoaded(state, action: PayloadAction<Page<Email>>) {
      state.page = action.payload;
      state.loading = false;
    },
    taskSelected(_state, _action: PayloadAction<string>) {},
    taskShown(state, action: PayloadAction<EmailDetail | null>) {
      state.selected = action.payload;
    },
  },
});

export const { myTasksOpened, tasksFiltered, tasksPageChosen, tasksLoaded, taskSelected, taskShown } =
  myTasksSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    myTasks: MyTasksState;
  }
}

export const selectMyTasks = (state: { myTasks?: MyTasksState }): MyTasksState => state.myTasks ?? initialState;
