import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type InvitationStatus = 'loading' | 'expired' | 'valid';

/** The invitation behind /invitation/{token}: the invited email and whether an account exists for it. */
export interface InvitationState {
  token: string | null;
  status: InvitationStatus;
  email: string;
  existingUser: boolean;
}

const initialState: InvitationState = { token: null, status: 'loading', email: '', existingUser: false };

export const invitationSlice = createSlice({
  name: 'invitation',
  initialState,
  reducers: {
    invitationOpened(_state, action: PayloadAction<string>) {
      return { ...initialState, token: action.payload };
    },
    invitationFound(state, action: PayloadAction<{ email: string; existingUser: boolean }>) {
      state.status = 'valid';
      state.email = action.payload.email;
      state.existingUser = action.payload.existingUser;
    },
    invitationExpired(state) {
      state.status = 'expired';
    },
  },
});

export const { invitationOpened, invitationFound, invitationExpired } = invitationSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    invitation: InvitationState;
  }
}

export const selectInvitation = (state: { invitation?: InvitationState }): InvitationState =>
  state.invitation ?? initialState;
