import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_PAGE_SIZE, type Folder } from '@teaminbox/contracts';
import { NO_INBOX_FILTERS, type InboxFilters } from '@teaminbox/web-store';

export type { InboxFilters } from '@teaminbox/web-store';
export const NO_FILTERS: InboxFilters = NO_INBOX_FILTERS;

/**
 * The inbox screen's own state: which page of which list it shows (the page itself is in the api cache,
 * `inboxEmails`), the rows chosen and the keyboard's row.
 */
export interface InboxState {
  /** The inbox page is open: its list is loaded (from its first page) only once it says what it shows. */
  shown: boolean;
  folder: Folder;
  filters: InboxFilters;
  /** From 0, as the API counts. */
  page: number;
  size: number;
  search: string;
  /** How many times a page was asked for (`pageRequested`): each ask loads the page again, even the one shown. */
  requests: number;
  /** The emails chosen with the row check boxes (those still on screen count). */
  selectedIds: string[];
  /** The row the keyboard is on (j / k), by email id. */
  cursor: string | null;
}

export const initialInboxState: InboxState = {
  shown: false,
  folder: 'inbox',
  filters: NO_FILTERS,
  page: 0,
  size: DEFAULT_PAGE_SIZE,
  search: '',
  requests: 0,
  selectedIds: [],
  cursor: null,
};

export const inboxListSlice = createSlice({
  name: 'inbox',
  initialState: initialInboxState,
  reducers: {
    /** The inbox page opened (or its search changed): its first page, with the folder and filters kept. */
    inboxOpened(state, action: PayloadAction<string>) {
      state.shown = true;
      state.page = 0;
      state.search = action.payload;
    },
    inboxClosed(state) {
      state.shown = false;
    },
    /** A page of the list is asked for (pagination, after a change only the server can show): it loads again. */
    pageRequested: {
      reducer(state, action: PayloadAction<{ page: number; search: string }>) {
        state.page = action.payload.page;
        state.search = action.payload.search;
        state.requests += 1;
      },
      prepare: (page: number, search = '') => ({ payload: { page, search } }),
    },
    /** A folder or filter change goes back to the first page. */
    folderChosen(state, action: PayloadAction<Folder>) {
      state.folder = action.payload;
      state.page = 0;
    },
    filtersChanged(state, action: PayloadAction<Partial<InboxFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
      state.page = 0;
    },
    filtersReset(state) {
      state.filters = NO_FILTERS;
      state.page = 0;
    },
    selectionChanged(state, action: PayloadAction<string[]>) {
      state.selectedIds = action.payload;
    },
    /** A bulk action finished: nothing stays selected. */
    bulkDone(state) {
      state.selectedIds = [];
    },
    cursorMoved(state, action: PayloadAction<string | null>) {
      state.cursor = action.payload;
    },
  },
});

export const {
  inboxOpened,
  inboxClosed,
  pageRequested,
  folderChosen,
  filtersChanged,
  filtersReset,
  selectionChanged,
  bulkDone,
  cursorMoved,
} = inboxListSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    inbox: InboxState;
  }
}

export const selectInbox = (state: { inbox?: InboxState }): InboxState => state.inbox ?? initialInboxState;
