/** Escapes text for an HTML body (element content and double-quoted attribute values). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One line of header text: control characters (CR, LF, ...) become spaces. */
export function headerText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

export interface LinkMail {
  subject: string;
  /** Paragraphs before the link. */
  intro: string[];
  link: string;
  linkLabel: string;
  /** Paragraphs after the link. */
  outro: string[];
}

/** A plain-text and a simple HTML body around one link, every value escaped. */
export function renderLinkMail(mail: LinkMail): { subject: string; text: string; html: string } {
  const text = [...mail.intro, mail.link, ...mail.outro].join('\n\n') + '\n';
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const href = escapeHtml(mail.link);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    paragraphs(mail.intro),
    `<p><a href="${href}">${escapeHtml(mail.linkLabel)}</a></p>`,
    `<p style="color: #666; font-size: 0.9em">${href}</p>`,
    paragraphs(mail.outro),
    '</body></html>',
  ].join('\n');
  return { subject: headerText(mail.subject), text, html };
}
