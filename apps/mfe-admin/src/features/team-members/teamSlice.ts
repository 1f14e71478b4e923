import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Team } from '@teaminbox/contracts';

export interface TeamState {
  team: Team | null;
  loading: boolean;
  creating: boolean;
}

export const initialTeamState: TeamState = { team: null, loading: false, creating: false };

export const teamSlice = createSlice({
  name: 'team',
  initialState: initialTeamState,
  reducers: {
    teamRequested(state) {
      state.loading = true;
    },
    teamLoaded(state, action: PayloadAction<Team | null>) {
      state.team = action.payload;
      state.loading = false;
    },
    teamCreationRequested: {
      reducer(state) {
        state.creating = true;
      },
      prepare: (name: string) => ({ payload: name }),
    },
    teamCreated(state) {
      state.creating = false;
    },
    teamCreationFailed(state) {
      state.creating = false;
    },
  },
});

export const { teamRequested, teamLoaded, teamCreationRequested, teamCreated, teamCreationFailed } = teamSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    team: TeamState;
  }
}

export const selectTeam = (state: { team?: TeamState }): TeamState => state.team ?? initialTeamState;
