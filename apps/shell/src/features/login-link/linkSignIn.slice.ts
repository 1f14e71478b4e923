import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type LinkSignInStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

/** The sign-in by an emailed login link (/loginLink/{token}). */
export interface LinkSignInState {
  token: string | null;
  status: LinkSignInStatus;
  /** Calls made so far (the server answers 425 while it is not ready). */
  attempts: number;
}

const initialState: LinkSignInState = { token: null, status: 'idle', attempts: 0 };

export const linkSignInSlice = createSlice({
  name: 'linkSignIn',
  initialState,
  reducers: {
    /** The screen opened with a token; opening it again with the same token changes nothing. */
    loginLinkOpened(state, action: PayloadAction<string>) {
      if (state.token === action.payload && state.status !== 'idle') return;
      return { token: action.payload, status: 'pending', attempts: 0 };
    },
    loginLinkAttempted(state) {
      state.attempts += 1;
    },
    /** Token stored and current user loaded; the payload is the user's id. */
    loginLinkSignedIn: {
      reducer(state) {
        state.status = 'succeeded';
      },
      prepare: (userId: string) => ({ payload: userId }),
    },
    loginLinkRejected(state) {
      state.status = 'failed';
    },
  },
});

export const { loginLinkOpened, loginLinkAttempted, loginLinkSignedIn, loginLinkRejected } = linkSignInSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    linkSignIn: LinkSignInState;
  }
}

export const selectLinkSignIn = (state: { linkSignIn?: LinkSignInState }): LinkSignInState =>
  state.linkSignIn ?? initialState;
