import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EmailDetail, Reply, ReplyCollision, ReplyTemplate, TReplyAttachment } from '@teaminbox/contracts';
import { detailLoaded, detailOpened } from './emailDetailSlice';
import { htmlToText, textToHtml } from './html-text';

export type ReplyAttachment = TReplyAttachment & { size: number };
export type ReplyField = 'to' | 'cc' | 'subject' | 'body' | 'htmlBody';

export interface ReplyFormValues {
  to: string;
  cc: string;
  subject: string;
  body: string;
  htmlBody: string;
  html: boolean;
}

const replySubject = (subject: string) => (/^re:/i.test(subject.trim()) ? subject : `Re: ${subject}`);

/** A new reply to an email: to its sender, with its subject after 'Re: '. */
export const blankReply = (email: Pick<EmailDetail, 'fromEmail' | 'subject'>): ReplyFormValues => ({
  to: email.fromEmail,
  cc: '',
  subject: replySubject(email.subject),
  body: '',
  htmlBody: '',
  html: false,
});

/**
 * The reply being written to the open email, its saved drafts, the team's templates and the user's signature.
 * `startedAt` is when the user began (the collision check); `collision` what arrived since, when the server
 * refused to send.
 */
export interface ReplyState {
  emailId: string | null;
  /** The email the form was set up for. */
  formFor: string | null;
  blank: ReplyFormValues;
  form: ReplyFormValues;
  attachments: ReplyAttachment[];
  draftId: string | null;
  templateId: string | null;
  startedAt: string | null;
  drafts: Reply[];
  templates: ReplyTemplate[];
  signature: string;
  collision: ReplyCollision['collision'] | null;
}

const empty: ReplyFormValues = { to: '', cc: '', subject: '', body: '', htmlBody: '', html: false };

const initialState: ReplyState = {
  emailId: null,
  formFor: null,
  blank: empty,
  form: empty,
  attachments: [],
  draftId: null,
  templateId: null,
  startedAt: null,
  drafts: [],
  templates: [],
  signature: '',
  collision: null,
};

/** The form starts over: blank, without attachments, template or draft, and no longer "replying". */
function restart(state: ReplyState) {
  state.form = state.blank;
  state.attachments = [];
  state.templateId = null;
  state.draftId = null;
  state.startedAt = null;
}

const start = (state: ReplyState, at: string) => {
  state.startedAt ??= at;
};
const now = () => new Date().toISOString();

export const replySlice = createSlice({
  name: 'emailReply',
  initialState,
  reducers: {
    replyFieldChanged: {
      reducer(state, action: PayloadAction<{ field: ReplyField; value: string; at: string }>) {
        start(state, action.payload.at);
        state.form[action.payload.field] = action.payload.value;
      },
      prepare: (field: ReplyField, value: string) => ({ payload: { field, value, at: now() } }),
    },
    /** Plain to HTML keeps the text (escaped); HTML to plain strips the tags (spec). */
    replyHtmlSwitched(state, action: PayloadAction<boolean>) {
      const form = state.form;
      if (action.payload) state.form = { ...form, html: true, htmlBody: form.htmlBody || textToHtml(form.body) };
      else state.form = { ...form, html: false, body: htmlToText(form.htmlBody), htmlBody: '' };
    },
    /** A template with an HTML body sets the HTML and clears the plain body, otherwise it sets the plain body. */
    templateChosen: {
      reducer(state, action: PayloadAction<{ id: string; at: string }>) {
        state.templateId = action.payload.id;
        const template = state.templates.find((item) => item.id === action.payload.id);
        if (!template) return;
        start(state, action.payload.at);
        state.form = template.htmlBody?.trim()
          ? { ...state.form, html: true, htmlBody: template.htmlBody, body: '' }
          : { ...state.form, html: false, htmlBody: '', body: template.body ?? '' };
      },
      prepare: (id: string) => ({ payload: { id, at: now() } }),
    },
    signatureRequested() {},
    /** The signature, as plain text, goes at the end of the body. */
    signatureInserted: {
      reducer(state, action: PayloadAction<{ text: string; at: string }>) {
        const { text } = action.payload;
        start(state, action.payload.at);
        const form = state.form;
        if (form.html) form.htmlBody = `${form.htmlBody}<p>${textToHtml(text)}</p>`;
        else form.body = form.body ? `${form.body.replace(/\s+$/, '')}\n\n${text}` : text;
      },
      prepare: (text: string) => ({ payload: { text, at: now() } }),
    },
    attachmentsAdded: {
      reducer(state, action: PayloadAction<{ files: ReplyAttachment[]; at: string }>) {
        start(state, action.payload.at);
        state.attachments.push(...action.payload.files);
      },
      prepare: (files: ReplyAttachment[]) => ({ payload: { files, at: now() } }),
    },
    attachmentRemoved(state, action: PayloadAction<number>) {
      state.attachments.splice(action.payload, 1);
    },
    draftsLoaded(state, action: PayloadAction<Reply[]>) {
      state.drafts = action.payload.filter((reply) => reply.status === 'DRAFT');
    },
    templatesLoaded(state, action: PayloadAction<ReplyTemplate[]>) {
      state.templates = action.payload;
    },
    signatureLoaded(state, action: PayloadAction<string>) {
      state.signature = action.payload;
    },
    draftEdited(state, action: PayloadAction<Reply>) {
      const reply = action.payload;
      state.draftId = reply.id;
      state.form = {
        to: reply.to.join(', '),
        cc: reply.cc.join(', '),
        subject: reply.subject,
        body: reply.htmlBody ? '' : reply.body,
        htmlBody: reply.htmlBody ?? '',
        html: Boolean(reply.htmlBody),
      };
    },
    draftSaveRequested() {},
    draftSaved(state) {
      restart(state);
    },
    draftDeleteRequested(_state, _action: PayloadAction<string>) {},
    draftDeleted(state, action: PayloadAction<string>) {
      if (state.draftId === action.payload) {
        state.draftId = null;
        state.form = state.blank;
      }
    },
    replySendRequested(state, _action: PayloadAction<{ confirmed: boolean }>) {
      state.collision = null;
    },
    /** Sent: only the body and the attachments clear; the recipients and the subject stay. */
    replySent(state, _action: PayloadAction<{ emailId: string }>) {
      state.form = { ...state.form, body: '', htmlBody: '' };
      state.attachments = [];
      state.draftId = null;
      state.startedAt = null;
    },
    collisionFound(state, action: PayloadAction<ReplyCollision['collision']>) {
      state.collision = action.payload;
    },
    collisionDismissed(state) {
      state.collision = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(detailOpened, (_state, action) => ({ ...initialState, emailId: action.payload }))
      .addCase(detailLoaded, (state, action) => {
        // The form is set up once per email; a reload of the email (a change pushed by others) keeps it.
        if (action.payload.id !== state.emailId || state.formFor === state.emailId) return;
        state.formFor = state.emailId;
        state.blank = blankReply(action.payload);
        state.form = state.blank;
      });
  },
});

export const {
  replyFieldChanged,
  replyHtmlSwitched,
  templateChosen,
  signatureRequested,
  signatureInserted,
  attachmentsAdded,
  attachmentRemoved,
  draftsLoaded,
  templatesLoaded,
  signatureLoaded,
  draftEdited,
  draftSaveRequested,
  draftSaved,
  draftDeleteRequested,
  draftDeleted,
  replySendRequested,
  replySent,
  collisionFound,
  collisionDismissed,
} = replySlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    emailReply: ReplyState;
  }
}

export const selectReply = (state: { emailReply?: ReplyState }): ReplyState => state.emailReply ?? initialState;
