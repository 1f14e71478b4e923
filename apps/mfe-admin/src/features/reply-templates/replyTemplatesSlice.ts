import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ReplyTemplate, ReplyTemplateChange } from '@teaminbox/contracts';
import { replyTemplateChanged } from '@teaminbox/web-store';

/** The template in the editor: a new one (no id) or a copy of an existing one. */
export interface TemplateDraft {
  id: string | null;
  name: string;
  subject: string;
  body: string;
  htmlBody: string;
}

export interface ReplyTemplatesState {
  templates: ReplyTemplate[];
  loading: boolean;
  /** null: the list is shown; otherwise the editor with this draft. */
  editing: TemplateDraft | null;
  saving: boolean;
}

export const initialReplyTemplatesState: ReplyTemplatesState = {
  templates: [],
  loading: false,
  editing: null,
  saving: false,
};

const byName = (a: ReplyTemplate, b: ReplyTemplate) => a.name.localeCompare(b.name);

/** A template change applied to a list (kept by name, like the server lists them). */
export function withTemplateChange(templates: ReplyTemplate[], change: ReplyTemplateChange): ReplyTemplate[] {
  if (change.kind === 'deleted') return templates.filter((template) => template.id !== change.templateId);
  return [...templates.filter((template) => template.id !== change.template.id), change.template].sort(byName);
}

export const replyTemplatesSlice = createSlice({
  name: 'replyTemplates',
  initialState: initialReplyTemplatesState,
  reducers: {
    templatesRequested(state) {
      state.loading = true;
    },
    templatesLoaded(state, action: PayloadAction<ReplyTemplate[]>) {
      state.templates = action.payload;
      state.loading = false;
    },
    /** The spec: load errors are only logged; the list stays as it was. */
    templatesLoadFailed(state) {
      state.loading = false;
    },
    newTemplateStarted(state) {
      state.editing = { id: null, name: '', subject: '', body: '', htmlBody: '' };
    },
    templateEditStarted(state, action: PayloadAction<ReplyTemplate>) {
      const { id, name, subject, body, htmlBody } = action.payload;
      state.editing = { id, name, subject: subject ?? '', body: body ?? '', htmlBody: htmlBody ?? '' };
    },
    draftEdited(state, action: PayloadAction<Partial<Omit<TemplateDraft, 'id'>>>) {
      if (state.editing) state.editing = { ...state.editing, ...action.payload };
    },
    /** Cancel discards the draft. */
    editingCancelled(state) {
      state.editing = null;
      state.saving = false;
    },
    templateSaveRequested(state) {
      state.saving = true;
    },
    /** Save returns to the list (which the saga reloads). */
    templateSaved(state) {
      state.saving = false;
      state.editing = null;
    },
    /** Save failures are not shown (the spec): the editor stays open with what was typed. */
    templateSaveFailed(state) {
      state.saving = false;
    },
    templateDeletionRequested(_state, _action: PayloadAction<string>) {},
  },
  extraReducers: (builder) => {
    builder.addCase(replyTemplateChanged, (state, action) => {
      state.templates = withTemplateChange(state.templates, action.payload);
    });
  },
});

export const {
  templatesRequested,
  templatesLoaded,
  templatesLoadFailed,
  newTemplateStarted,
  templateEditStarted,
  draftEdited,
  editingCancelled,
  templateSaveRequested,
  templateSaved,
  templateSaveFailed,
  templateDeletionRequested,
} = replyTemplatesSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    replyTemplates: ReplyTemplatesState;
  }
}

export const selectReplyTemplates = (state: { replyTemplates?: ReplyTemplatesState }): ReplyTemplatesState =>
  state.replyTemplates ?? initialReplyTemplatesState;
