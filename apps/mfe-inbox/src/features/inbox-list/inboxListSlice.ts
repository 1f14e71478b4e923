import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_PAGE_SIZE, type Email, type Folder, type Label, type ListView, type Page } from '@teaminbox/contracts';
import { emailArrived, emailUpdated, unreadCountChanged } from '@teaminbox/web-store';

/** The inbox filters: assignee 'all' | 'unassigned' | 'me' | a member's id; a label id or 'all'; unread only. */
export interface InboxFilters {
  assignee: string;
  label: string;
  unread: boolean;
}

export const NO_FILTERS: InboxFilters = { assignee: 'all', label: 'all', unread: false };

export interface InboxState {
  folder: Folder;
  filters: InboxFilters;
  emails: Email[];
  /** From 0, as the API counts. */
  page: number;
  size: number;
  totalPages: number;
  totalElements: number;
  search: string;
  loading: boolean;
  loaded: boolean;
  loadingSample: boolean;
  unreadCount: number | null;
  /** The emails on screen the caller starred. */
  starred: string[];
  /** The emails chosen with the row check boxes (those still on screen count). */
  selectedIds: string[];
  bulkBusy: boolean;
  /** The row the keyboard is on (j / k), by email id. */
  cursor: string | null;
  /** How the page on screen lists mail: one row per email, or per conversation (its latest email). */
  view: ListView;
}

export type BulkAction = 'markRead' | 'markUnread' | 'archive' | 'spam';

export const initialInboxState: InboxState = {
  folder: 'inbox',
  filters: NO_FILTERS,
  emails: [],
  page: 0,
  size: DEFAULT_PAGE_SIZE,
  totalPages: 0,
  totalElements: 0,
  search: '',
  loading: false,
  loaded: false,
  loadingSample: false,
  unreadCount: null,
  starred: [],
  selectedIds: [],
  bulkBusy: false,
  cursor: null,
  view: 'emails',
};

const pagesFor = (total: number, size: number) => Math.ceil(total / size);

/** Whether an email still belongs in a folder after a change (my-tasks depends on the user: left as is). */
function belongsTo(folder: Folder, email: Email): boolean {
  switch (folder) {
    case 'inbox':
      return !email.isArchived && !email.isSpam;
    case 'unread':
      return !email.isArchived && !email.isSpam && !email.read;
    case 'archived':
      return email.isArchived && !email.isSpam;
    case 'spam':
      return email.isSpam;
    default:
      return true;
  }
}

/**
 * Whether an email pushed as new belongs in the list on screen: its folder and filters must match. A search
 * (full text, on the server) and the caller's own tasks (the slice does not know the caller) cannot be checked
 * here, so a new email does not join those lists; the next load shows it if it belongs.
 */
export function arrivalBelongs(state: Pick<InboxState, 'folder' | 'filters' | 'search'>, email: Email): boolean {
  const { folder, filters, search } = state;
  if (search.trim() || folder === 'my-tasks' || !belongsTo(folder, email)) return false;
  const assignee = filters.assignee;
  if (assignee === 'me') return false;
  if (assignee === 'unassigned' && email.assignedTo) return false;
  if (assignee !== 'all' && assignee !== 'unassigned' && email.assignedTo !== assignee) return false;
  if (filters.label !== 'all' && !(email.labels ?? []).includes(filters.label)) return false;
  return !(filters.unread && email.read);
}

export const inboxListSlice = createSlice({
  name: 'inbox',
  initialState: initialInboxState,
  reducers: {
    pageRequested: {
      reducer(state, action: PayloadAction<{ page: number; search: string }>) {
        state.page = action.payload.page;
        state.search = action.payload.search;
        state.loading = true;
      },
      prepare: (page: number, search = '') => ({ payload: { page, search } }),
    },
    /** A folder or filter change goes back to the first page. */
    folderChosen(state, action: PayloadAction<Folder>) {
      state.folder = action.payload;
      state.page = 0;
      state.loading = true;
    },
    filtersChanged(state, action: PayloadAction<Partial<InboxFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
      state.page = 0;
      state.loading = true;
    },
    filtersReset(state) {
      state.filters = NO_FILTERS;
      state.page = 0;
      state.loading = true;
    },
    /** A page of the list, with the view it was asked in (emails when not said). */
    pageLoaded(state, action: PayloadAction<Page<Email> & { view?: ListView }>) {
      state.view = action.payload.view ?? 'emails';
      state.emails = action.payload.content;
      state.totalPages = action.payload.totalPages;
      state.totalElements = action.payload.totalElements;
      state.loading = false;
      state.loaded = true;
    },
    pageLoadFailed(state) {
      state.loading = false;
      state.loaded = true;
    },
    sampleRequested(state) {
      state.loadingSample = true;
    },
    sampleLoaded(state) {
      state.loadingSample = false;
    },
    sampleFailed(state) {
      state.loadingSample = false;
    },
    /** A row's assign menu: 'me', a member's id, or null to unassign. */
    rowAssignRequested: {
      reducer() {},
      prepare: (emailId: string, to: string | null) => ({ payload: { emailId, to } }),
    },
    rowLabelRequested: {
      reducer() {},
      prepare: (emailId: string, label: Label) => ({ payload: { emailId, label } }),
    },
    starToggled(_state, _action: PayloadAction<string>) {},
    starsLoaded(state, action: PayloadAction<string[]>) {
      state.starred = action.payload;
    },
    starChanged(state, action: PayloadAction<{ id: string; on: boolean }>) {
      const { id, on } = action.payload;
      state.starred = on ? [...state.starred, id] : state.starred.filter((other) => other !== id);
    },
    selectionChanged(state, action: PayloadAction<string[]>) {
      state.selectedIds = action.payload;
    },
    /** A bulk action on the selected emails, or on the given ones (a keyboard shortcut on the current row). */
    bulkRequested(state, _action: PayloadAction<{ action: BulkAction; ids?: string[] }>) {
      state.bulkBusy = true;
    },
    bulkDone(state) {
      state.bulkBusy = false;
      state.selectedIds = [];
    },
    cursorMoved(state, action: PayloadAction<string | null>) {
      state.cursor = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(emailArrived, (state, action) => {
        const email = action.payload;
        if (state.emails.some((e) => e.id === email.id) || !arrivalBelongs(state, email)) return;
        // A conversation list does not know the new email's conversation: its saga loads the page again instead.
        if (state.view === 'conversations') return;
        state.totalElements += 1;
        state.totalPages = pagesFor(state.totalElements, state.size);
        // On a later page only the totals change: the new email belongs to an earlier page.
        if (state.page > 0) return;
        // A new email goes first; one pushed late keeps the list's newest-first order. The page keeps its size.
        const at = state.emails.findIndex((e) => e.receivedAt <= email.receivedAt);
        if (at === -1) state.emails.push(email);
        else state.emails.splice(at, 0, email);
        if (state.emails.length > state.size) state.emails.length = state.size;
      })
      .addCase(emailUpdated, (state, action) => {
        const { actorUserId: _actor, id, ...change } = action.payload;
        const email = state.emails.find((e) => e.id === id);
        if (!email) return;
        Object.assign(email, change);
        if (!belongsTo(state.folder, email)) {
          state.emails = state.emails.filter((e) => e.id !== id);
          state.totalElements = Math.max(0, state.totalElements - 1);
          state.totalPages = pagesFor(state.totalElements, state.size);
        }
      })
      .addCase(unreadCountChanged, (state, action) => {
        state.unreadCount = action.payload;
      });
  },
});

export const {
  pageRequested,
  pageLoaded,
  pageLoadFailed,
  sampleRequested,
  sampleLoaded,
  sampleFailed,
  folderChosen,
  filtersChanged,
  filtersReset,
  rowAssignRequested,
  rowLabelRequested,
  starToggled,
  starsLoaded,
  starChanged,
  selectionChanged,
  bulkRequested,
  bulkDone,
  cursorMoved,
} = inboxListSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    inbox: InboxState;
  }
}

export const selectInbox = (state: { inbox?: InboxState }): InboxState => state.inbox ?? initialInboxState;
