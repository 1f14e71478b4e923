import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Rule } from '@teaminbox/contracts';
import { draftOf, newRule, type RuleDraft } from './ruleEditor';

export interface RulesState {
  rules: Rule[];
  loading: boolean;
  /** The rule in the editor (a copy, or a new rule with the defaults); null shows the table. */
  editing: RuleDraft | null;
  saving: boolean;
  /** Ids of rules whose deletion is under way. */
  deleting: string[];
}

export const initialRulesState: RulesState = {
  rules: [],
  loading: false,
  editing: null,
  saving: false,
  deleting: [],
};

export const rulesSlice = createSlice({
  name: 'rules',
  initialState: initialRulesState,
  reducers: {
    rulesScreenOpened(state) {
      state.loading = true;
      state.editing = null;
    },
    rulesRequested(state) {
      state.loading = true;
    },
    rulesLoaded(state, action: PayloadAction<Rule[]>) {
      state.rules = action.payload;
      state.loading = false;
    },
    /** Spec section 8: a load error is only logged; the list stays as it was. */
    rulesLoadFailed(state) {
      state.loading = false;
    },
    newRuleStarted(state) {
      state.editing = newRule(state.rules.length);
    },
    ruleEditStarted(state, action: PayloadAction<string>) {
      const rule = state.rules.find((r) => r.id === action.payload);
      if (rule) state.editing = draftOf(rule);
    },
    ruleEditCancelled(state) {
      state.editing = null;
      state.saving = false;
    },
    ruleSaveRequested(state, action: PayloadAction<RuleDraft>) {
      state.editing = action.payload;
      state.saving = true;
    },
    /** Saved: back to the list, which reloads. */
    ruleSaved(state) {
      state.saving = false;
      state.editing = null;
    },
    /** Spec section 8: not handled visibly; the editor stays open with what was typed. */
    ruleSaveFailed(state) {
      state.saving = false;
    },
    ruleDeletionRequested(state, action: PayloadAction<string>) {
      if (!state.deleting.includes(action.payload)) state.deleting.push(action.payload);
    },
    ruleDeleted(state, action: PayloadAction<string>) {
      state.deleting = state.deleting.filter((id) => id !== action.payload);
      state.rules = state.rules.filter((rule) => rule.id !== action.payload);
    },
    ruleDeletionFailed(state, action: PayloadAction<string>) {
      state.deleting = state.deleting.filter((id) => id !== action.payload);
    },
  },
});

export const {
  rulesScreenOpened,
  rulesRequested,
  rulesLoaded,
  rulesLoadFailed,
  newRuleStarted,
  ruleEditStarted,
  ruleEditCancelled,
  ruleSaveRequested,
  ruleSaved,
  ruleSaveFailed,
  ruleDeletionRequested,
  ruleDeleted,
  ruleDeletionFailed,
} = rulesSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    rules: RulesState;
  }
}

export const selectRules = (state: { rules?: RulesState }): RulesState => state.rules ?? initialRulesState;
