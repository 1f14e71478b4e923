import { type EmailReceived, isValidEmail, type ReplyAddresses } from '@teaminbox/contracts';
import { convert } from 'html-to-text';

/** The parts of a received email that a reply's recipients and quote are made of. */
export type AnsweredEmail = Pick<
  EmailReceived,
  'fromName' | 'fromEmail' | 'replyTo' | 'to' | 'cc' | 'subject' | 'text' | 'html' | 'receivedAt'
>;

const key = (address: string) => address.trim().toLowerCase();

/**
 * Whom a reply goes to: the Reply-To addresses when the email has them, else its sender. A reply to all also copies
 * every other To and Cc participant. The team's own addresses, repeats and anything that is no address (an erased
 * sender) are left out.
 */
export function replyAddressesOf(email: AnsweredEmail, ownAddresses: readonly string[]): ReplyAddresses {
  const taken = new Set(ownAddresses.map(key));
  const pick = (list: readonly string[]) =>
    list
      .map((address) => address.trim())
      .filter((address) => {
        if (!isValidEmail(address) || taken.has(key(address))) return false;
        taken.add(key(address));
        return true;
      });
  const to = pick(email.replyTo?.length ? email.replyTo : [email.fromEmail]);
  const cc = pick([...email.to, ...email.cc]);
  return { reply: { to, cc: [] }, replyAll: { to, cc } };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

/** Plain text as HTML: escaped, line breaks kept. */
export const textAsHtml = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>\n');

const senderOf = (email: AnsweredEmail) =>
  email.fromName ? `${email.fromName} <${email.fromEmail}>` : email.fromEmail;

const dateOf = (email: AnsweredEmail) => new Date(email.receivedAt).toUTCString();

/** The email's body as HTML: its own (sanitised at ingestion) or its text. */
const htmlBodyOf = (email: AnsweredEmail) => email.html ?? textAsHtml(email.text);

const QUOTE_STYLE = 'margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex';

/** An answer with the email quoted below it: "On <date>, <sender> wrote:" and the email, in text and HTML. */
export function withQuote(answer: { text: string; html: string | null }, email: AnsweredEmail) {
  const intro = `On ${dateOf(email)}, ${senderOf(email)} wrote:`;
  const quoted = email.text
    .replace(/\s+$/, '')
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  const answerHtml = answer.html ?? textAsHtml(answer.text);
  return {
    text: `${answer.text.replace(/\s+$/, '')}\n\n${intro}\n${quoted}\n`,
    html: `${answerHtml}<br>\n<div>${escapeHtml(intro)}</div>\n<blockquote style="${QUOTE_STYLE}">${htmlBodyOf(email)}</blockquote>`,
  };
}

export const FORWARD_SEPARATOR = '---------- Forwarded message ---------';

/** The subject of a forward: "Fwd: " before the email's, once. */
export const forwardSubject = (subject: string) => (/^fwd?:/i.test(subject.trim()) ? subject : `Fwd: ${subject}`);

/** A forward's bodies: the note, then the forwarded message's headers and its body, in text and HTML. */
export function forwardBodies(note: string, email: AnsweredEmail): { text: string; html: string } {
  const headers: [string, string][] = [
    ['From', senderOf(email)],
    ['Date', dateOf(email)],
    ['Subject', email.subject],
    ['To', email.to.join(', ')],
    ...(email.cc.length > 0 ? ([['Cc', email.cc.join(', ')]] as [string, string][]) : []),
  ];
  const trimmedNote = note.replace(/\s+$/, '');
  const text = [
    ...(trimmedNote ? [trimmedNote, ''] : []),
    FORWARD_SEPARATOR,
    ...headers.map(([name, value]) => `${name}: ${value}`),
    '',
    email.text,
  ].join('\n');
  const html = [
    ...(trimmedNote ? [`<div>${textAsHtml(trimmedNote)}</div><br>`] : []),
    `<div>${escapeHtml(FORWARD_SEPARATOR)}<br>`,
    ...headers.map(([name, value]) => `${name}: ${escapeHtml(value)}<br>`),
    '</div><br>',
    htmlBodyOf(email),
  ].join('\n');
  return { text, html };
}

/**
 * The plain-text alternative of an HTML body: its text with paragraphs and line breaks, links as "text [url]",
 * emphasis as plain words. Sent beside the HTML when the writer wrote only HTML.
 */
export function plainTextOf(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
    ],
  }).trim();
}
