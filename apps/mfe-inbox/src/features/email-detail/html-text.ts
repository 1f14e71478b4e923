const BLOCK_END = /<\/(p|div|li|h[1-6]|tr|blockquote|pre)\s*>/gi;
const LINE_BREAK = /<br\s*\/?>/gi;

/** The text of an HTML fragment: tags stripped, line breaks and block ends kept as new lines, entities decoded. */
export function htmlToText(html: string): string {
  const marked = html.replace(LINE_BREAK, '\n').replace(BLOCK_END, '\n');
  const document = new DOMParser().parseFromString(marked, 'text/html');
  document.querySelectorAll('script, style').forEach((element) => element.remove());
  return (document.body.textContent ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain text as HTML: escaped, new lines as <br>. */
export function textToHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return escaped.replace(/\r?\n/g, '<br>');
}
