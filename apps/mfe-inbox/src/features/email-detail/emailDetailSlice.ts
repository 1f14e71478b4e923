import { createSlice } from '@reduxjs/toolkit';
import type { EmailPresence } from '@teaminbox/contracts';
import { commentChanged, emailUpdated, presenceChanged, replyChanged } from '@teaminbox/web-store';

/**
 * Live state of opened emails, fed by the realtime connection: who views each email, and a revision per email
 * that grows with every change, comment or reply pushed for it (the detail screen reloads what changed).
 */
export interface EmailDetailLiveState {
  presence: Record<string, EmailPresence>;
  revisions: Record<string, number>;
  commentRevisions: Record<string, number>;
  replyRevisions: Record<string, number>;
}

export const initialEmailDetailLiveState: EmailDetailLiveState = {
  presence: {},
  revisions: {},
  commentRevisions: {},
  replyRevisions: {},
};

export const emailDetailSlice = createSlice({
  name: 'emailDetail',
  initialState: initialEmailDetailLiveState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(presenceChanged, (state, action) => {
        state.presence[action.payload.emailId] = action.payload;
      })
      .addCase(emailUpdated, (state, action) => {
        state.revisions[action.payload.id] = (state.revisions[action.payload.id] ?? 0) + 1;
      })
      .addCase(commentChanged, (state, action) => {
        state.commentRevisions[action.payload.emailId] = (state.commentRevisions[action.payload.emailId] ?? 0) + 1;
      })
      .addCase(replyChanged, (state, action) => {
        state.replyRevisions[action.payload.emailId] = (state.replyRevisions[action.payload.emailId] ?? 0) + 1;
      });
  },
});

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    emailDetail: EmailDetailLiveState;
  }
}

export const selectEmailDetailLive = (state: { emailDetail?: EmailDetailLiveState }): EmailDetailLiveState =>
  state.emailDetail ?? initialEmailDetailLiveState;
