import type { EmailDetail } from '@teaminbox/contracts';

/**
 * The quote the server puts below a reply, as the form shows it: "On <date>, <sender> wrote:" and the email's text,
 * each line after '> '.
 */
export function quotedPreview(email: Pick<EmailDetail, 'fromName' | 'fromEmail' | 'receivedAt' | 'body'>): string {
  const sender = email.fromName ? `${email.fromName} <${email.fromEmail}>` : email.fromEmail;
  const lines = email.body
    .replace(/\s+$/, '')
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'));
  return [`On ${new Date(email.receivedAt).toUTCString()}, ${sender} wrote:`, ...lines].join('\n');
}
