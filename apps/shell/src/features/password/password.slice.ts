import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TChangePasswordRequest } from '@teaminbox/contracts';
import { linkSessionStore } from '@teaminbox/api-client';
import { loggedOut } from '@teaminbox/web-store';
import { loginLinkSignedIn } from '../login-link/linkSignIn.slice';

export type RequestStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export interface PasswordState {
  /** The session came from a login link: the shell asks for a new password (no current one needed). */
  prompt: boolean;
  status: RequestStatus;
  error: string | null;
  /** The server asked for the current password (the link session is too old, or it was not one). */
  needsCurrent: boolean;
}

const initialState = (): PasswordState => ({
  prompt: linkSessionStore.isMarked(),
  status: 'idle',
  error: null,
  needsCurrent: false,
});

export const passwordSlice = createSlice({
  name: 'password',
  initialState,
  reducers: {
    passwordFormOpened(state) {
      state.status = 'idle';
      state.error = null;
    },
    passwordChangeRequested: {
      reducer(state) {
        state.status = 'pending';
        state.error = null;
      },
      prepare: (payload: TChangePasswordRequest) => ({ payload }),
    },
    passwordChanged(state) {
      state.status = 'succeeded';
      state.prompt = false;
      state.needsCurrent = false;
    },
    passwordChangeFailed(state, action: PayloadAction<{ message: string; needsCurrent: boolean }>) {
      state.status = 'failed';
      state.error = action.payload.message;
      state.needsCurrent = state.needsCurrent || action.payload.needsCurrent;
    },
    passwordPromptDismissed(state) {
      state.prompt = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loginLinkSignedIn, (state) => {
        state.prompt = true;
        state.needsCurrent = false;
      })
      .addCase(loggedOut, () => ({ prompt: false, status: 'idle', error: null, needsCurrent: false }));
  },
});

export const {
  passwordFormOpened,
  passwordChangeRequested,
  passwordChanged,
  passwordChangeFailed,
  passwordPromptDismissed,
} = passwordSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    password: PasswordState;
  }
}

export const selectPassword = (state: { password?: PasswordState }): PasswordState =>
  state.password ?? { prompt: false, status: 'idle', error: null, needsCurrent: false };
