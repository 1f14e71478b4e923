import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  EmailDetail,
  Reply,
  ReplyAddresses,
  ReplyCollision,
  ReplyTemplate,
  TReplyAttachment,
} from '@teaminbox/contracts';
import { detailLoaded, detailOpened } from './emailDetailSlice';
import { htmlToText, textToHtml } from './html-text';
import { withSignature } from './reply-signature';

export type ReplyAttachment = TReplyAttachment & { size: number };
/** An attachment a draft already holds on the server (its content stays there). */
export interface DraftAttachment {
  id: string;
  fileName: string;
  size: number;
}
export type ReplyField = 'to' | 'cc' | 'bcc' | 'subject' | 'body' | 'htmlBody';
/** Answer the sender (Reply-To, else From), answer every participant, or send the email on with a note. */
export type ReplyMode = 'reply' | 'replyAll' | 'forward';

export interface ReplyFormValues {
  to: string;
  cc: string;
  /** Blind copies: they get the reply, no header names them. */
  bcc: string;
  subject: string;
  body: string;
  htmlBody: string;
  html: boolean;
}

const replySubject = (subject: string) => (/^re:/i.test(subject.trim()) ? subject : `Re: ${subject}`);
const forwardSubject = (subject: string) => (/^fwd?:/i.test(subject.trim()) ? subject : `Fwd: ${subject}`);

/** A new reply to an email: to its sender (its Reply-To once the addresses are known), its subject after 'Re: '. */
export const blankReply = (email: Pick<EmailDetail, 'fromEmail' | 'subject'>): ReplyFormValues => ({
  to: email.fromEmail,
  cc: '',
  bcc: '',
  subject: replySubject(email.subject),
  body: '',
  htmlBody: '',
  html: false,
});

/**
 * The reply being written to the open email and the user's signature: the form's editing state only. The server's
 * data comes from the api cache: the email's drafts (`useEmailRepliesQuery`), whom a reply goes to
 * (`useReplyAddressesQuery`, handed to the form by `replyAddressesLoaded` and `replyModeChosen`) and the team's
 * templates (`useReplyTemplatesQuery`).
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
  /**
   * The attachments of the draft being edited that it kept from a message once sent and undone: sent with it unless
   * the user removes them.
   */
  draftAttachments: DraftAttachment[];
  templateId: string | null;
  startedAt: string | null;
  signature: string;
  collision: ReplyCollision['collision'] | null;
  /** The key of the reply being written: a doubled click or a retried send queues it once (a new one per reply). */
  sendKey: string | null;
  mode: ReplyMode;
  /** The quoted email below the answer is shown (it is sent either way). */
  quoteOpen: boolean;
  /** The email's own attachments that a forward sends with it (the user may remove some). */
  forwardAttachmentIds: string[];
  /** "Remind me if no answer by": when the conversation comes back unless the customer answered (ISO), or none. */
  remindAt: string | null;
}

const empty: ReplyFormValues = { to: '', cc: '', bcc: '', subject: '', body: '', htmlBody: '', html: false };

const initialState: ReplyState = {
  emailId: null,
  formFor: null,
  blank: empty,
  form: empty,
  attachments: [],
  draftId: null,
  draftAttachments: [],
  templateId: null,
  startedAt: null,
  signature: '',
  collision: null,
  sendKey: null,
  mode: 'reply',
  quoteOpen: false,
  forwardAttachmentIds: [],
  remindAt: null,
};

/** The form starts over: blank, without attachments, template or draft, and no longer "replying". */
function restart(state: ReplyState) {
  state.form = state.blank;
  state.mode = 'reply';
  state.forwardAttachmentIds = [];
  state.attachments = [];
  state.templateId = null;
  state.draftId = null;
  state.draftAttachments = [];
  state.startedAt = null;
  state.sendKey = null;
  state.remindAt = null;
}

const sameForm = (a: ReplyFormValues, b: ReplyFormValues) =>
  (Object.keys(a) as (keyof ReplyFormValues)[]).every((key) => a[key] === b[key]);

const start = (state: ReplyState, at: string) => {
  state.startedAt ??= at;
};
const now = () => new Date().toISOString();
/** A random key (getRandomValues works on plain-http hosts too, where crypto.randomUUID is missing). */
const newSendKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

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
      // A body holding nothing but the signature added when the form opened takes the signature as HTML.
      const onlySignature =
        state.signature !== '' && form.body === withSignature({ ...form, body: '' }, state.signature).body;
      if (action.payload && onlySignature)
        state.form = {
          ...form,
          html: true,
          htmlBody: withSignature({ ...form, html: true, htmlBody: '' }, state.signature).htmlBody,
        };
      else if (action.payload) state.form = { ...form, html: true, htmlBody: form.htmlBody || textToHtml(form.body) };
      else state.form = { ...form, html: false, body: htmlToText(form.htmlBody), htmlBody: '' };
    },
    /** A template with an HTML body sets the HTML and clears the plain body, otherwise it sets the plain body. */
    templateChosen: {
      reducer(state, action: PayloadAction<{ template: ReplyTemplate; at: string }>) {
        const { template } = action.payload;
        state.templateId = template.id;
        start(state, action.payload.at);
        const chosen = template.htmlBody?.trim()
          ? { ...state.form, html: true, htmlBody: template.htmlBody, body: '' }
          : { ...state.form, html: false, htmlBody: '', body: template.body ?? '' };
        // The signature stays below the template's text.
        state.form = withSignature(chosen, state.signature);
      },
      prepare: (template: ReplyTemplate) => ({ payload: { template, at: now() } }),
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
    /** One of the draft's kept attachments is removed: it is not sent with the draft. */
    draftAttachmentRemoved(state, action: PayloadAction<string>) {
      state.draftAttachments = state.draftAttachments.filter((attachment) => attachment.id !== action.payload);
    },
    /** The signature arrived: a form set up but not yet begun gets it (once). */
    signatureLoaded(state, action: PayloadAction<string>) {
      state.signature = action.payload;
      if (state.formFor === null) return;
      const untouched = state.startedAt === null && state.draftId === null && sameForm(state.form, state.blank);
      state.blank = withSignature(state.blank, action.payload);
      if (untouched) state.form = state.blank;
    },
    draftEdited(state, action: PayloadAction<Reply>) {
      const reply = action.payload;
      state.draftId = reply.id;
      state.draftAttachments = reply.attachments.flatMap(({ id, fileName, size }) =>
        id ? [{ id, fileName, size: size ?? 0 }] : [],
      );
      state.sendKey = null;
      state.mode = 'reply';
      state.forwardAttachmentIds = [];
      state.form = {
        to: reply.to.join(', '),
        cc: reply.cc.join(', '),
        bcc: reply.bcc.join(', '),
        subject: reply.subject,
        body: reply.htmlBody ? '' : reply.body,
        htmlBody: reply.htmlBody ?? '',
        html: Boolean(reply.htmlBody),
      };
    },
    /** The draft was saved (the server answered): the form starts over. */
    draftSaved(state) {
      restart(state);
    },
    /** A draft was deleted (the server answered): the form being its edit starts over. */
    draftDeleted(state, action: PayloadAction<string>) {
      if (state.draftId === action.payload) {
        state.draftId = null;
        state.draftAttachments = [];
        state.form = state.blank;
      }
    },
    replySendRequested: {
      reducer(state, action: PayloadAction<{ confirmed: boolean; key: string; sendAt?: string }>) {
        state.collision = null;
        state.sendKey ??= action.payload.key;
      },
      /** `sendAt`: "Send later", the time the reply goes (ISO). */
      prepare: ({ confirmed, sendAt }: { confirmed: boolean; sendAt?: string }) => ({
        payload: { confirmed, key: newSendKey(), sendAt },
      }),
    },
    /** Sent: only the body and the attachments clear; the recipients and the subject stay. */
    replySent(state, _action: PayloadAction<{ emailId: string }>) {
      state.form = withSignature({ ...state.form, body: '', htmlBody: '' }, state.signature);
      state.attachments = [];
      state.draftId = null;
      state.draftAttachments = [];
      state.startedAt = null;
      state.sendKey = null;
      state.remindAt = null;
    },
    /** "Remind me if no answer by" a time (ISO), or no reminder (null); it goes with the next reply sent. */
    reminderChosen(state, action: PayloadAction<string | null>) {
      state.remindAt = action.payload;
    },
    /**
     * The addresses are known for the form set up for this email: a reply not yet begun goes to them (Reply-To when
     * the email has one), and so does the form after it starts over.
     */
    replyAddressesLoaded(state, action: PayloadAction<{ emailId: string; addresses: ReplyAddresses }>) {
      const { emailId, addresses } = action.payload;
      if (emailId !== state.emailId || state.formFor !== emailId) return;
      if (addresses.reply.to.length === 0) return;
      const untouched = state.form.to === state.blank.to && state.mode === 'reply' && state.draftId === null;
      state.blank = { ...state.blank, to: addresses.reply.to.join(', ') };
      if (untouched) state.form = { ...state.form, to: state.blank.to };
    },
    /**
     * Reply and reply all set To and Cc from the addresses (From while they are not known; the text written stays);
     * forward starts with no recipient, the subject after 'Fwd: ' and every attachment of the email that is not shown
     * inside its body.
     */
    replyModeChosen(
      state,
      action: PayloadAction<{
        mode: ReplyMode;
        email: Pick<EmailDetail, 'subject' | 'fromEmail' | 'attachments'>;
        addresses?: ReplyAddresses;
      }>,
    ) {
      const { mode, email, addresses } = action.payload;
      const recipients = addresses ?? {
        reply: { to: [email.fromEmail], cc: [] },
        replyAll: { to: [email.fromEmail], cc: [] },
      };
      state.mode = mode;
      state.collision = null;
      state.sendKey = null;
      if (mode === 'forward') {
        state.form = { ...state.form, to: '', cc: '', bcc: '', subject: forwardSubject(email.subject) };
        state.forwardAttachmentIds = email.attachments.filter((file) => !file.inline).map((file) => file.id);
        return;
      }
      const { to, cc } = recipients[mode];
      state.form = { ...state.form, to: to.join(', '), cc: cc.join(', '), subject: replySubject(email.subject) };
      state.forwardAttachmentIds = [];
    },
    quoteToggled(state) {
      state.quoteOpen = !state.quoteOpen;
    },
    forwardAttachmentRemoved(state, action: PayloadAction<string>) {
      state.forwardAttachmentIds = state.forwardAttachmentIds.filter((id) => id !== action.payload);
    },
    forwardSendRequested: {
      reducer(state, action: PayloadAction<{ key: string; sendAt?: string }>) {
        state.sendKey ??= action.payload.key;
      },
      /** `sendAt`: "Send later", the time the forward goes (ISO). */
      prepare: (sendAt?: string) => ({ payload: { key: newSendKey(), sendAt } }),
    },
    /** Forwarded: the form is a blank reply again. */
    forwardSent(state) {
      restart(state);
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
        state.blank = withSignature(blankReply(action.payload), state.signature);
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
  draftAttachmentRemoved,
  attachmentRemoved,
  signatureLoaded,
  draftEdited,
  draftSaved,
  draftDeleted,
  replySendRequested,
  replySent,
  collisionFound,
  collisionDismissed,
  replyAddressesLoaded,
  replyModeChosen,
  quoteToggled,
  forwardAttachmentRemoved,
  forwardSendRequested,
  forwardSent,
  reminderChosen,
} = replySlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    emailReply: ReplyState;
  }
}

export const selectReply = (state: { emailReply?: ReplyState }): ReplyState => state.emailReply ?? initialState;
