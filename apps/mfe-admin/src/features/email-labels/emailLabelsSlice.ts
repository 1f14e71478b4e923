import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Label, LabelBackground, LabelChange, LabelColor } from '@teaminbox/contracts';
import { labelChanged } from '@teaminbox/web-store';

/** The 'Create New Label' form: the spec's new-label defaults are an empty name, primary and a light background. */
export interface LabelDraft {
  name: string;
  color: LabelColor;
  backgroundColor: LabelBackground;
}

export interface EmailLabelsState {
  labels: Label[];
  loading: boolean;
  creating: boolean;
  initializing: boolean;
  /** Ids of the labels whose deletion is under way. */
  deleting: string[];
  draft: LabelDraft;
}

export const NEW_LABEL_DRAFT: LabelDraft = { name: '', color: 'primary', backgroundColor: 'light' };

export const initialEmailLabelsState: EmailLabelsState = {
  labels: [],
  loading: false,
  creating: false,
  initializing: false,
  deleting: [],
  draft: NEW_LABEL_DRAFT,
};

/** A label change applied to a list: created or changed labels are put in (once), deleted ones taken out. */
export function withLabelChange(labels: Label[], change: LabelChange): Label[] {
  if (change.kind === 'deleted') return labels.filter((label) => label.id !== change.labelId);
  const known = labels.some((label) => label.id === change.label.id);
  return known
    ? labels.map((label) => (label.id === change.label.id ? change.label : label))
    : [...labels, change.label];
}

export const emailLabelsSlice = createSlice({
  name: 'emailLabels',
  initialState: initialEmailLabelsState,
  reducers: {
    labelsRequested(state) {
      state.loading = true;
    },
    labelsLoaded(state, action: PayloadAction<Label[]>) {
      state.labels = action.payload;
      state.loading = false;
    },
    /** The spec: on a load error, loading simply stops (and a notice says so). */
    labelsLoadFailed(state) {
      state.loading = false;
    },
    draftChanged(state, action: PayloadAction<Partial<LabelDraft>>) {
      state.draft = { ...state.draft, ...action.payload };
    },
    labelCreationRequested(state) {
      state.creating = true;
    },
    /** Appended to the lists; the name field is cleared (colour and background stay for the next one). */
    labelCreated(state, action: PayloadAction<Label>) {
      state.creating = false;
      state.labels = withLabelChange(state.labels, { kind: 'created', label: action.payload });
      state.draft.name = '';
    },
    labelCreationFailed(state) {
      state.creating = false;
    },
    labelDeletionRequested(state, action: PayloadAction<Label>) {
      if (!action.payload.isDefault && !state.deleting.includes(action.payload.id)) {
        state.deleting.push(action.payload.id);
      }
    },
    labelDeleted(state, action: PayloadAction<string>) {
      state.deleting = state.deleting.filter((id) => id !== action.payload);
      state.labels = withLabelChange(state.labels, { kind: 'deleted', labelId: action.payload });
    },
    labelDeletionFailed(state, action: PayloadAction<string>) {
      state.deleting = state.deleting.filter((id) => id !== action.payload);
    },
    defaultLabelsRequested(state) {
      state.initializing = true;
    },
    defaultLabelsInitialized(state) {
      state.initializing = false;
    },
    defaultLabelsFailed(state) {
      state.initializing = false;
    },
  },
  extraReducers: (builder) => {
    // Another member (or another tab) changed a label: the lists follow without a reload.
    builder.addCase(labelChanged, (state, action) => {
      state.labels = withLabelChange(state.labels, action.payload);
    });
  },
});

export const {
  labelsRequested,
  labelsLoaded,
  labelsLoadFailed,
  draftChanged,
  labelCreationRequested,
  labelCreated,
  labelCreationFailed,
  labelDeletionRequested,
  labelDeleted,
  labelDeletionFailed,
  defaultLabelsRequested,
  defaultLabelsInitialized,
  defaultLabelsFailed,
} = emailLabelsSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    emailLabels: EmailLabelsState;
  }
}

export const selectEmailLabels = (state: { emailLabels?: EmailLabelsState }): EmailLabelsState =>
  state.emailLabels ?? initialEmailLabelsState;
