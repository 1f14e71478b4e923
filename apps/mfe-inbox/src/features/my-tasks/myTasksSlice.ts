import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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

/**
 * /admin/my-tasks's own state: whether it is open, the query on screen and the task chosen for the detail pane (the
 * tasks and the email are in the api cache, `myTasks` and `emailDetail`).
 */
export interface MyTasksState {
  shown: boolean;
  query: TasksQuery;
  selectedId: string | null;
}

const initialState: MyTasksState = {
  shown: false,
  query: { page: 0, status: ALL, priority: ALL, search: '' },
  selectedId: null,
};

export const myTasksSlice = createSlice({
  name: 'myTasks',
  initialState,
  reducers: {
    /** The page opens from scratch: first page, no filter, nothing selected. */
    myTasksOpened: () => ({ ...initialState, shown: true }),
    myTasksClosed: (state) => {
      state.shown = false;
    },
    /** Any filter or search change goes back to the first page. */
    tasksFiltered(state, action: PayloadAction<Partial<Omit<TasksQuery, 'page'>>>) {
      state.query = { ...state.query, ...action.payload, page: 0 };
    },
    tasksPageChosen(state, action: PayloadAction<number>) {
      state.query.page = action.payload;
    },
    taskSelected(state, action: PayloadAction<string>) {
      state.selectedId = action.payload;
    },
  },
});

export const { myTasksOpened, myTasksClosed, tasksFiltered, tasksPageChosen, taskSelected } = myTasksSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    myTasks: MyTasksState;
  }
}

export const selectMyTasks = (state: { myTasks?: MyTasksState }): MyTasksState => state.myTasks ?? initialState;
