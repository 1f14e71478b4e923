import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { canWriteWithRole, type CurrentUser, type TSignInRequest } from '@teaminbox/contracts';
import { tokenStore } from '@teaminbox/api-client';

/** anonymous: no token. checking: a token exists and the current user is being fetched. */
export type SessionStatus = 'anonymous' | 'checking' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  user: CurrentUser | null;
  signIn: { pending: boolean; error: string | null };
}

const initialState = (): SessionState => ({
  status: tokenStore.get() ? 'checking' : 'anonymous',
  user: null,
  signIn: { pending: false, error: null },
});

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signInRequested: {
      reducer(state) {
        state.signIn = { pending: true, error: null };
      },
      prepare: (form: TSignInRequest) => ({ payload: form }),
    },
    signInFailed(state, action: PayloadAction<string>) {
      state.signIn = { pending: false, error: action.payload };
    },
    signedIn(state) {
      state.status = 'checking';
    },
    /** Ask for the current user again (after a team was created, for instance). */
    userRefreshRequested(state) {
      if (state.status === 'anonymous') state.status = 'checking';
    },
    userLoaded(state, action: PayloadAction<CurrentUser>) {
      state.status = 'authenticated';
      state.user = action.payload;
      state.signIn = { pending: false, error: null };
    },
    /** Token removed and current user cleared (a logout, or a failed start-up check). */
    loggedOut(state) {
      state.status = 'anonymous';
      state.user = null;
      state.signIn = { pending: false, error: null };
    },
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectSignIn: (state) => state.signIn,
    /** The caller's role in their team (null without one). */
    selectCurrentRole: (state) => state.user?.role ?? null,
    /**
     * Whether the caller may change anything: false for an auditor (read-only everywhere; the server answers 403
     * to their writes). Components test this, never the role itself.
     */
    selectCanWrite: (state) => canWriteWithRole(state.user?.role),
  },
});

export const { signInRequested, signInFailed, signedIn, userRefreshRequested, userLoaded, loggedOut } =
  sessionSlice.actions;
export const { selectSessionStatus, selectCurrentUser, selectSignIn, selectCurrentRole, selectCanWrite } =
  sessionSlice.selectors;
