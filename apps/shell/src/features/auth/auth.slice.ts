import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TRegisterRequest } from '@teaminbox/contracts';

export type RequestStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export interface AuthState {
  registration: { status: RequestStatus; message: string | null };
  loginLink: { status: RequestStatus; message: string | null };
}

const initialState: AuthState = {
  registration: { status: 'idle', message: null },
  loginLink: { status: 'idle', message: null },
};

/** The public screens' requests other than sign-in (which lives in the session slice). */
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    registrationRequested: {
      reducer(state) {
        state.registration = { status: 'pending', message: null };
      },
      prepare: (payload: TRegisterRequest) => ({ payload }),
    },
    registrationSucceeded(state, action: PayloadAction<string>) {
      state.registration = { status: 'succeeded', message: action.payload };
    },
    registrationFailed(state, action: PayloadAction<string>) {
      state.registration = { status: 'failed', message: action.payload };
    },
    registrationReset(state) {
      state.registration = { status: 'idle', message: null };
    },
    loginLinkRequested: {
      reducer(state) {
        state.loginLink = { status: 'pending', message: null };
      },
      prepare: (email: string) => ({ payload: email }),
    },
    loginLinkSent(state, action: PayloadAction<string>) {
      state.loginLink = { status: 'succeeded', message: action.payload };
    },
    loginLinkFailed(state, action: PayloadAction<string>) {
      state.loginLink = { status: 'failed', message: action.payload };
    },
    loginLinkReset(state) {
      state.loginLink = { status: 'idle', message: null };
    },
  },
});

export const {
  registrationRequested,
  registrationSucceeded,
  registrationFailed,
  registrationReset,
  loginLinkRequested,
  loginLinkSent,
  loginLinkFailed,
  loginLinkReset,
} = authSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    auth: AuthState;
  }
}

export const selectRegistration = (state: { auth?: AuthState }) => (state.auth ?? initialState).registration;
export const selectLoginLink = (state: { auth?: AuthState }) => (state.auth ?? initialState).loginLink;
