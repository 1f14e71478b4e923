import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EmailRulesExplanation } from '@teaminbox/contracts';
import { detailOpened } from './emailDetailSlice';

/**
 * Which automatic rules matched the open email on arrival and why (GET /emails/{id}/rules). `explanation` is null
 * until it loaded; a load that failed leaves it null with `failed` set.
 */
export interface EmailRulesState {
  emailId: string | null;
  explanation: EmailRulesExplanation | null;
  failed: boolean;
}

const initialState = (): EmailRulesState => ({ emailId: null, explanation: null, failed: false });

export const emailRulesSlice = createSlice({
  name: 'emailRules',
  initialState,
  reducers: {
    rulesExplained(state, action: PayloadAction<EmailRulesExplanation>) {
      if (action.payload.emailId !== state.emailId) return;
      state.explanation = action.payload;
      state.failed = false;
    },
    rulesExplanationFailed(state, action: PayloadAction<string>) {
      if (action.payload !== state.emailId || state.explanation) return;
      state.failed = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(detailOpened, (state, action) => {
      if (state.emailId === action.payload) return;
      Object.assign(state, initialState());
      state.emailId = action.payload;
    });
  },
});

export const { rulesExplained, rulesExplanationFailed } = emailRulesSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    emailRules: EmailRulesState;
  }
}

let fallback: EmailRulesState | undefined;

export const selectEmailRules = (state: { emailRules?: EmailRulesState }): EmailRulesState =>
  state.emailRules ?? (fallback ??= initialState());
