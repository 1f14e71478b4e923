import type { ReplyDraftPayload } from '@teaminbox/api-client';
import { htmlToText } from './html-text';
import type { ReplyFormValues } from './replySlice';

/** To and cc are comma-separated: trimmed, empties dropped (spec section 5). */
export const splitAddresses = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * What the form says, as a draft and a reply send it: the recipients split, and the plain text of an HTML body
 * beside it (the HTML is sent as written).
 */
export const replyContentOf = (form: ReplyFormValues) =>
  ({
    to: splitAddresses(form.to),
    cc: splitAddresses(form.cc),
    bcc: splitAddresses(form.bcc),
    subject: form.subject,
    body: form.html ? htmlToText(form.htmlBody) : form.body,
    htmlBody: form.html ? form.htmlBody : null,
  }) satisfies ReplyDraftPayload;
