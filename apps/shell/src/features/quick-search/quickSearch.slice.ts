import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Email } from '@teaminbox/contracts';

/** The admin shell's quick search: the query last asked and its results (up to 5 emails). */
export interface QuickSearchState {
  asked: string;
  results: Email[];
}

const initialState: QuickSearchState = { asked: '', results: [] };

export const quickSearchSlice = createSlice({
  name: 'quickSearch',
  initialState,
  reducers: {
    quickSearchRequested(_state, _action: PayloadAction<string>) {},
    quickSearchAnswered(state, action: PayloadAction<{ query: string; results: Email[] }>) {
      state.asked = action.payload.query;
      state.results = action.payload.results;
    },
    quickSearchCleared: () => initialState,
  },
});

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    quickSearch: QuickSearchState;
  }
}

export const { quickSearchRequested, quickSearchAnswered, quickSearchCleared } = quickSearchSlice.actions;
export const selectQuickSearch = (state: { quickSearch?: QuickSearchState }): QuickSearchState =>
  state.quickSearch ?? initialState;
