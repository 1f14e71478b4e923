import { htmlToText } from './html-text';

/** The body of a message being written: plain text, or HTML when `html` is on. */
export interface SignedBody {
  body: string;
  htmlBody: string;
  html: boolean;
}

/**
 * The person's signature (their HTML signature from the notification settings) at the end of the body, added once
 * when the form opens: as HTML in HTML mode (after an empty paragraph to write in), as its plain text in plain mode
 * (after an empty line). Without a signature the body stays as it is.
 */
export function withSignature<T extends SignedBody>(form: T, signatureHtml: string): T {
  if (!signatureHtml.trim()) return form;
  if (form.html) return { ...form, htmlBody: `${form.htmlBody || '<p><br></p>'}${signatureHtml}` };
  const text = htmlToText(signatureHtml);
  if (!text) return form;
  return { ...form, body: `${form.body.replace(/\s+$/, '')}\n\n${text}` };
}

/** Whether the body holds the signature already (the one added when the form opened, or inserted): not twice. */
export function hasSignature(form: SignedBody, signatureHtml: string): boolean {
  const signature = htmlToText(signatureHtml).replace(/\s+/g, ' ').trim();
  if (!signature) return false;
  const text = form.html ? htmlToText(form.htmlBody) : form.body;
  return text.replace(/\s+/g, ' ').includes(signature);
}
