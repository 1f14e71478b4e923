import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_PAGE_SIZE, type Email, type Page } from '@teaminbox/contracts';
import { emailArrived, emailUpdated, unreadCountChanged } from '@teaminbox/web-store';

export interface InboxState {
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
}

export const initialInboxState: InboxState = {
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
};

const pagesFor = (total: number, size: number) => Math.ceil(total / size);

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
    pageLoaded(state, action: PayloadAction<Page<Email>>) {
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
  },
  extraReducers: (builder) => {
    builder
      .addCase(emailArrived, (state, action) => {
        const email = action.payload;
        if (state.emails.some((e) => e.id === email.id)) return;
        // A new email goes first; one pushed late keeps the list's newest-first order.
        const at = state.emails.findIndex((e) => e.receivedAt <= email.receivedAt);
        if (at === -1) state.emails.push(email);
        else state.emails.splice(at, 0, email);
        state.totalElements += 1;
        state.totalPages = pagesFor(state.totalElements, state.size);
      })
      .addCase(emailUpdated, (state, action) => {
        const { actorUserId: _actor, id, ...change } = action.payload;
        const email = state.emails.find((e) => e.id === id);
        if (email) Object.assign(email, change);
      })
      .addCase(unreadCountChanged, (state, action) => {
        state.unreadCount = action.payload;
      });
  },
});

export const { pageRequested, pageLoaded, pageLoadFailed, sampleRequested, sampleLoaded, sampleFailed } =
  inboxListSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    inbox: InboxState;
  }
}

export const selectInbox = (state: { inbox?: InboxState }): InboxState => state.inbox ?? initialInboxState;
