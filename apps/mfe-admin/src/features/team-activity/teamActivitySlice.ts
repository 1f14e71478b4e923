import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { TEAM_ACTIVITY_PAGE_SIZE, type TeamActivityEntry } from '@teaminbox/contracts';

/** What the list shows: one email's actions, or the team's (page by page). */
export interface ActivityScope {
  emailId: string | null;
  page: number;
}

export interface TeamActivityState {
  entries: TeamActivityEntry[];
  loading: boolean;
  /** The email ID filter as typed. */
  filter: string;
  scope: ActivityScope;
  size: number;
  totalElements: number;
}

export const initialTeamActivityState: TeamActivityState = {
  entries: [],
  loading: false,
  filter: '',
  scope: { emailId: null, page: 0 },
  size: TEAM_ACTIVITY_PAGE_SIZE,
  totalElements: 0,
};

export const teamActivitySlice = createSlice({
  name: 'teamActivity',
  initialState: initialTeamActivityState,
  reducers: {
    filterTyped(state, action: PayloadAction<string>) {
      state.filter = action.payload;
    },
    /** Load: the email typed in the filter, or the team's actions when it is blank; from the first page. */
    activityRequested(state) {
      const emailId = state.filter.trim();
      state.scope = { emailId: emailId || null, page: 0 };
      state.loading = true;
    },
    activityPageRequested(state, action: PayloadAction<number>) {
      state.scope = { ...state.scope, page: action.payload };
      state.loading = true;
    },
    activityLoaded(state, action: PayloadAction<{ entries: TeamActivityEntry[]; totalElements: number }>) {
      state.entries = action.payload.entries;
      state.totalElements = action.payload.totalElements;
      state.loading = false;
    },
    /** The spec: a load failure shows an empty list. */
    activityLoadFailed(state) {
      state.entries = [];
      state.totalElements = 0;
      state.loading = false;
    },
  },
});

export const { filterTyped, activityRequested, activityPageRequested, activityLoaded, activityLoadFailed } =
  teamActivitySlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    teamActivity: TeamActivityState;
  }
}

export const selectTeamActivity = (state: { teamActivity?: TeamActivityState }): TeamActivityState =>
  state.teamActivity ?? initialTeamActivityState;
