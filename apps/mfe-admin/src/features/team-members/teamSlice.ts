import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { dialogsClosed } from '@teaminbox/web-store';

/** A deletion waiting for the user's confirmation (the ConfirmDialog is open while it is set). */
export interface PendingConfirmation {
  kind: 'member' | 'invitation';
  id: string;
  email: string;
}

/**
 * The Team Members screen's open confirmation. It lives in the store (the team's data is in the api cache) because a
 * 449 answer to any call closes every open dialog.
 */
export interface TeamState {
  confirmation: PendingConfirmation | null;
}

export const initialTeamState: TeamState = { confirmation: null };

export const teamSlice = createSlice({
  name: 'team',
  initialState: initialTeamState,
  reducers: {
    confirmationAsked(state, action: PayloadAction<PendingConfirmation>) {
      state.confirmation = action.payload;
    },
    confirmationDismissed(state) {
      state.confirmation = null;
    },
  },
  extraReducers: (builder) => {
    // 449: every open dialog closes.
    builder.addCase(dialogsClosed, (state) => {
      state.confirmation = null;
    });
  },
});

export const { confirmationAsked, confirmationDismissed } = teamSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    team: TeamState;
  }
}

export const selectTeam = (state: { team?: TeamState }): TeamState => state.team ?? initialTeamState;
