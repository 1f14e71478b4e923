import type { ReplyTemplate } from '@teaminbox/contracts';
import type { ComposeEmailPayload } from '@teaminbox/api-client';
import { htmlToText } from '../email-detail/html-text';
import type { ReplyAttachment } from '../email-detail/replySlice';
import { withSignature } from '../email-detail/reply-signature';
import { splitAddresses } from '../email-detail/reply-payload';

/** A new conversation being written: recipients, subject, and the body (HTML in the rich editor, or plain). */
export interface ComposeForm {
  to: string;
  cc: string;
  /** Blind copies: they get the message, no header names them. */
  bcc: string;
  subject: string;
  body: string;
  htmlBody: string;
  html: boolean;
}

/** A new message opens in the rich editor, with the person's signature (as HTML) below an empty paragraph. */
export const blankCompose = (signatureHtml: string): ComposeForm =>
  withSignature({ to: '', cc: '', bcc: '', subject: '', body: '', htmlBody: '', html: true }, signatureHtml);

/**
 * A template with an HTML body sets the HTML and clears the plain body, otherwise it sets the plain body; its
 * subject fills an empty subject; the signature stays below.
 */
export function withTemplate(form: ComposeForm, template: ReplyTemplate, signatureHtml: string): ComposeForm {
  const subject = form.subject.trim() ? form.subject : (template.subject ?? '');
  const chosen = template.htmlBody?.trim()
    ? { ...form, subject, html: true, htmlBody: template.htmlBody, body: '' }
    : { ...form, subject, html: false, htmlBody: '', body: template.body ?? '' };
  return withSignature(chosen, signatureHtml);
}

/** Switching to plain text strips the tags; to HTML keeps the text. */
export function withHtml(form: ComposeForm, html: boolean): ComposeForm {
  if (html === form.html) return form;
  if (!html) return { ...form, html: false, body: htmlToText(form.htmlBody), htmlBody: '' };
  const escaped = form.body.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return { ...form, html: true, htmlBody: escaped ? `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>` : '' };
}

/** What can be sent: at least one recipient, a subject and a body. */
export const composeReady = (form: ComposeForm) =>
  splitAddresses(form.to).length > 0 &&
  form.subject.trim() !== '' &&
  (form.html ? htmlToText(form.htmlBody) : form.body).trim() !== '';

/** The request: with an HTML body its text goes beside it (the server derives one too when it is missing). */
export const composeRequest = (
  form: ComposeForm,
  teamId: string,
  attachments: readonly ReplyAttachment[],
  idempotencyKey: string,
): ComposeEmailPayload => ({
  teamId,
  to: splitAddresses(form.to),
  cc: splitAddresses(form.cc),
  bcc: splitAddresses(form.bcc),
  subject: form.subject.trim(),
  body: form.html ? htmlToText(form.htmlBody) : form.body,
  htmlBody: form.html ? form.htmlBody : null,
  attachments: attachments.map(({ fileName, contentType, base64Content }) => ({
    fileName,
    contentType,
    base64Content,
  })),
  idempotencyKey,
});
