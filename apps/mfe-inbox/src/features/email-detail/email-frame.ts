/**
 * The document shown in the sandboxed email frame. The server has already sanitized the HTML (no scripts,
 * handlers, frames, forms; remote images moved to data-remote-src / data-remote-background). The frame adds a
 * second wall: a CSP that allows no scripts, no connections and, until the user allows them, images only from
 * our own origin (signed inline images) and data: URIs.
 */
export function emailFrameDocument(html: string, origin: string, allowRemoteImages: boolean): string {
  const images = allowRemoteImages ? `${origin} data: https: http:` : `${origin} data:`;
  const csp = `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; font-src data:`;
  const body = allowRemoteImages ? restoreRemoteImages(html) : html;
  return (
    `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${csp}">` +
    `<base target="_blank"><style>body{margin:0;padding:8px;font-family:system-ui,sans-serif;` +
    `word-wrap:break-word}img{max-width:100%;height:auto}</style></head><body>${body}</body></html>`
  );
}

/** Puts the blocked remote image addresses back, on an inert parsed copy (nothing in it runs or loads). */
export function restoreRemoteImages(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.querySelectorAll('[data-remote-src]').forEach((element) => {
    element.setAttribute('src', element.getAttribute('data-remote-src') ?? '');
    element.removeAttribute('data-remote-src');
  });
  doc.querySelectorAll('[data-remote-background]').forEach((element) => {
    element.setAttribute('background', element.getAttribute('data-remote-background') ?? '');
    element.removeAttribute('data-remote-background');
  });
  return doc.body.innerHTML;
}
