import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role, Team } from '@teaminbox/contracts';
import { dialogsClosed } from '@teaminbox/web-store';

/** A deletion waiting for the user's confirmation (the ConfirmDialog is open while it is set). */
export interface PendingConfirmation {
  kind: 'member' | 'invitation';
  id: string;
  email: string;
}

export interface TeamState {
  team: Team | null;
  loading: boolean;
  creating: boolean;
  inviting: boolean;
  /** Ids of the members whose role change is under way. */
  savingRoles: string[];
  confirmation: PendingConfirmation | null;
}

export const initialTeamState: TeamState = {
  team: null,
  loading: false,
  creating: false,
  inviting: false,
  savingRoles: [],
  confirmation: null,
};

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
    memberRoleChangeRequested(state, action: PayloadAction<{ memberId: string; role: Role }>) {
      if (!state.savingRoles.includes(action.payload.memberId)) state.savingRoles.push(action.payload.memberId);
    },
    memberRoleChanged(state, action: PayloadAction<string>) {
      state.savingRoles = state.savingRoles.filter((id) => id !== action.payload);
    },
    memberRoleChangeFailed(state, action: PayloadAction<string>) {
      state.savingRoles = state.savingRoles.filter((id) => id !== action.payload);
    },
    memberRemovalAsked(state, action: PayloadAction<{ id: string; email: string }>) {
      state.confirmation = { kind: 'member', ...action.payload };
    },
    memberRemovalConfirmed(state, _action: PayloadAction<string>) {
      state.confirmation = null;
    },
    memberRemoved(_state, _action: PayloadAction<string>) {},
    memberRemovalFailed(_state, _action: PayloadAction<string>) {},
    invitationDeletionAsked(state, action: PayloadAction<{ id: string; email: string }>) {
      state.confirmation = { kind: 'invitation', ...action.payload };
    },
    invitationDeletionConfirmed(state, _action: PayloadAction<string>) {
      state.confirmation = null;
    },
    invitationDeleted(_state, _action: PayloadAction<string>) {},
    invitationDeletionFailed(_state, _action: PayloadAction<string>) {},
    confirmationDismissed(state) {
      state.confirmation = null;
    },
    invitationSendRequested(state, _action: PayloadAction<{ email: string; role: Role }>) {
      state.inviting = true;
    },
    invitationSent(state, _action: PayloadAction<string>) {
      state.inviting = false;
    },
    invitationSendFailed(state, _action: PayloadAction<string>) {
      state.inviting = false;
    },
  },
  extraReducers: (builder) => {
    // 449: every open dialog closes.
    builder.addCase(dialogsClosed, (state) => {
      state.confirmation = null;
    });
  },
});

export const {
  teamRequested,
  teamLoaded,
  teamCreationRequested,
  teamCreated,
  teamCreationFailed,
  memberRoleChangeRequested,
  memberRoleChanged,
  memberRoleChangeFailed,
  memberRemovalAsked,
  memberRemovalConfirmed,
  memberRemoved,
  memberRemovalFailed,
  invitationDeletionAsked,
  invitationDeletionConfirmed,
  invitationDeleted,
  invitationDeletionFailed,
  confirmationDismissed,
  invitationSendRequested,
  invitationSent,
  invitationSendFailed,
} = teamSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    team: TeamState;
  }
}

export const selectTeam = (state: { team?: TeamState }): TeamState => state.team ?? initialTeamState;
