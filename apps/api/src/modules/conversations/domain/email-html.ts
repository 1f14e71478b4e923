import type { EmailAttachment } from '@teaminbox/contracts';
import sanitizeHtml from 'sanitize-html';

/** The body as the email detail shows it, and how many remote images were blocked in it. */
export interface PreparedEmailHtml {
  html: string | null;
  remoteImages: number;
}

/** Image types that an email may show inline (as a `cid:` part or a `data:` URL); never SVG. */
export const INLINE_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Where a blocked remote image keeps its URL; the web client moves it back to `src` when the user allows images. */
export const REMOTE_SRC_ATTRIBUTE = 'data-remote-src';
/** Same for a remote `background` attribute (tables and cells); moved back to `background`. */
export const REMOTE_BACKGROUND_ATTRIBUTE = 'data-remote-background';

const RASTER_DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;
// eslint-disable-next-line no-control-regex
const CONTROL_AND_SPACE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

/** Tags kept in a message: text structure, tables, links and images. Everything active or stateful is dropped. */
const ALLOWED_TAGS = [
  ...sanitizeHtml.defaults.allowedTags.filter((tag) => !['nav', 'main'].includes(tag)),
  'img',
  'font',
  'center',
  'big',
  'strike',
  'del',
  'ins',
  'tt',
];

/** Disallowed tags whose text is dropped too (not only the tag). */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'title',
  'svg',
  'math',
  'head',
  'plaintext',
];

const TABLE_ATTRIBUTES = ['cellpadding', 'cellspacing', 'border', 'summary', 'background', REMOTE_BACKGROUND_ATTRIBUTE];
const CELL_ATTRIBUTES = ['colspan', 'rowspan', 'nowrap', 'scope', 'background', REMOTE_BACKGROUND_ATTRIBUTE];

const ALLOWED_ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  '*': ['style', 'title', 'dir', 'lang', 'align', 'valign', 'width', 'height', 'bgcolor'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'border', 'hspace', 'vspace', REMOTE_SRC_ATTRIBUTE],
  table: TABLE_ATTRIBUTES,
  td: CELL_ATTRIBUTES,
  th: CELL_ATTRIBUTES,
  tr: ['background', REMOTE_BACKGROUND_ATTRIBUTE],
  font: ['color', 'face', 'size'],
  ol: ['start', 'type', 'reversed'],
  ul: ['type'],
  li: ['value', 'type'],
  col: ['span'],
  colgroup: ['span'],
  blockquote: ['cite'],
  q: ['cite'],
  time: ['datetime'],
};

/*
 * Inline styles: only layout-neutral properties, each value free of url(), expression(), escapes, comments and
 * markup. No position other than static/relative, no offsets or z-index: nothing can cover the page.
 */
const SAFE_VALUE =
  /^(?!.*(?:url\s*\(|expression\s*\(|image-set|-moz-binding|behavior|javascript|vbscript|@import))[-\w\s#%.,()'"!/+*]*$/i;
const KEYWORD = (...words: string[]) => new RegExp(`^(?:${words.join('|')})$`, 'i');
const SAFE_PROPERTIES = [
  'color',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-variant',
  'font-weight',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-align',
  'text-decoration',
  'text-decoration-color',
  'text-decoration-line',
  'text-decoration-style',
  'text-indent',
  'text-transform',
  'white-space',
  'word-break',
  'word-wrap',
  'overflow-wrap',
  'vertical-align',
  'direction',
  'unicode-bidi',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
  'border-spacing',
  'border-top-color',
  'border-right-color',
  'border-bottom-color',
  'border-left-color',
  'border-top-style',
  'border-right-style',
  'border-bottom-style',
  'border-left-style',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'width',
  'min-width',
  'max-width',
  'height',
  'min-height',
  'max-height',
  'list-style-type',
  'list-style-position',
  'table-layout',
  'caption-side',
  'empty-cells',
  'float',
  'clear',
  'overflow',
  'overflow-x',
  'overflow-y',
  'opacity',
  'box-sizing',
];
const ALLOWED_STYLES: sanitizeHtml.IOptions['allowedStyles'] = {
  '*': {
    ...Object.fromEntries(SAFE_PROPERTIES.map((property) => [property, [SAFE_VALUE]])),
    background: [/^(?:#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i],
    display: [KEYWORD('block', 'inline', 'inline-block', 'none', 'table', 'table-row', 'table-cell', 'list-item')],
    position: [KEYWORD('static', 'relative')],
    visibility: [KEYWORD('visible', 'hidden')],
  },
};

type Attributes = Record<string, string>;

/** The id an attachment's Content-ID answers to in a `cid:` URL: without angle brackets, URL-decoded. */
function normalizeContentId(value: string): string {
  let id = value.trim();
  try {
    id = decodeURIComponent(id);
  } catch {
    // Not percent-encoded: keep as written.
  }
  return id
    .replace(/^<+|>+$/g, '')
    .trim()
    .toLowerCase();
}

function remoteUrlOf(value: string): string | null {
  const url = value.replace(CONTROL_AND_SPACE, '');
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  return null;
}

/** The first URL of a srcset (`url 2x, url 640w`). */
function firstSrcsetUrl(srcset: string): string {
  return srcset.trim().split(/\s+/)[0]?.replace(/,$/, '') ?? '';
}

/**
 * Makes an email's HTML safe to show in the detail's sandboxed frame and readable there:
 * - sanitized with an allowlist: no script, style, iframe/frame/object/embed, form controls, base, meta, link,
 *   SVG or MathML; no event handlers; links only http(s), mailto and tel (opened in a new tab without opener or
 *   referrer); inline styles limited to safe properties without url() or expressions, never fixed/absolute;
 * - `cid:` images (and backgrounds) point to `inlineUrl(attachmentId)` of the attachment with that Content-ID
 *   (with or without angle brackets); a `cid:` that names no inline image is dropped;
 * - remote images are blocked: an http(s) or protocol-relative `src` (or the first srcset URL) moves to
 *   `data-remote-src`, a remote `background` to `data-remote-background`, each counted in `remoteImages`;
 *   `data:` images stay only for PNG, JPEG, GIF and WebP.
 */
export function prepareEmailHtml(
  html: string | null,
  attachments: EmailAttachment[],
  inlineUrl: (attachmentId: string) => string,
): PreparedEmailHtml {
  const safe = sanitizeEmailHtml(html, attachments);
  return { html: resolveInlineImages(safe.html, attachments, inlineUrl), remoteImages: safe.remoteImages };
}

/**
 * The sanitising half of prepareEmailHtml, done once when a message is ingested (on the parser's worker threads):
 * everything but the inline image URLs, which are signed and expire. A `cid:` image of the message becomes the
 * placeholder `/__inline__/<attachmentId>`, turned into its signed URL by resolveInlineImages when the email is read.
 */
export function sanitizeEmailHtml(html: string | null, attachments: EmailAttachment[]): PreparedEmailHtml {
  if (html === null || html.trim() === '') return { html: null, remoteImages: 0 };

  const inlineImages = new Map<string, string>();
  for (const attachment of attachments) {
    if (attachment.contentId && INLINE_IMAGE_TYPES.includes(attachment.contentType.toLowerCase())) {
      inlineImages.set(normalizeContentId(attachment.contentId), attachment.id);
    }
  }
  let remoteImages = 0;

  /** What an image URL becomes: a safe src, a blocked remote URL, or nothing. */
  const resolveImage = (raw: string | undefined): { src?: string; remote?: string } => {
    if (raw === undefined) return {};
    const compact = raw.replace(CONTROL_AND_SPACE, '');
    if (/^cid:/i.test(compact)) {
      const attachmentId = inlineImages.get(normalizeContentId(raw.trim().slice(4)));
      return attachmentId ? { src: `${INLINE_PLACEHOLDER}${attachmentId}` } : {};
    }
    if (RASTER_DATA_URL.test(raw.trim())) return { src: raw.trim() };
    const remote = remoteUrlOf(raw);
    return remote ? { remote } : {};
  };

  /** A `background` attribute: kept for cid images, blocked when remote, dropped otherwise. */
  const withBackground = (tagName: string, attribs: Attributes): sanitizeHtml.Tag => {
    const { background, [REMOTE_BACKGROUND_ATTRIBUTE]: _ignored, ...rest } = attribs;
    const resolved = resolveImage(background);
    if (resolved.src) rest.background = resolved.src;
    if (resolved.remote) {
      rest[REMOTE_BACKGROUND_ATTRIBUTE] = resolved.remote;
      remoteImages++;
    }
    return { tagName, attribs: rest };
  };

  const clean = sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedStyles: ALLOWED_STYLES,
    nonTextTags: NON_TEXT_TAGS,
    disallowedTagsMode: 'discard',
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    // img sources are rewritten below; what remains there is ours (the inline URL) or a raster data: URL.
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedSchemesAppliedToAttributes: sanitizeHtml.defaults.allowedSchemesAppliedToAttributes,
    allowProtocolRelative: false,
    enforceHtmlBoundary: false,
    // An image left with nothing to show (unknown cid:, script URL, SVG data) goes away.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src && !frame.attribs[REMOTE_SRC_ATTRIBUTE],
    transformTags: {
      body: (_tagName, attribs) => withBackground('div', attribs),
      table: withBackground,
      tr: withBackground,
      td: withBackground,
      th: withBackground,
      img: (tagName, attribs) => {
        const { src, srcset, [REMOTE_SRC_ATTRIBUTE]: _ignored, ...rest } = attribs;
        let resolved = resolveImage(src);
        if (!resolved.src && !resolved.remote && srcset) resolved = resolveImage(firstSrcsetUrl(srcset));
        if (resolved.src) rest.src = resolved.src;
        if (resolved.remote) {
          rest[REMOTE_SRC_ATTRIBUTE] = resolved.remote;
          remoteImages++;
        }
        return { tagName, attribs: rest };
      },
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...(attribs.href !== undefined ? { href: attribs.href } : {}),
          ...(attribs.title !== undefined ? { title: attribs.title } : {}),
          ...(attribs.style !== undefined ? { style: attribs.style } : {}),
          target: '_blank',
          rel: 'noopener noreferrer',
        },
      }),
    },
  });
  return { html: clean, remoteImages };
}

/** Where sanitizeEmailHtml leaves an inline image, followed by the attachment's id. */
export const INLINE_PLACEHOLDER = '/__inline__/';

const PLACEHOLDER_ATTRIBUTE = /\b(src|background)="\/__inline__\/([0-9a-f-]{36})"/g;

/**
 * Puts the signed URL of each inline image into HTML made by sanitizeEmailHtml. Only the email's own inline raster
 * images are resolved (a placeholder naming anything else is dropped with its attribute), so whatever the HTML says,
 * it can never obtain a URL for another email's attachment.
 */
export function resolveInlineImages(
  html: string | null,
  attachments: EmailAttachment[],
  inlineUrl: (attachmentId: string) => string,
): string | null {
  if (html === null || !html.includes(INLINE_PLACEHOLDER)) return html;
  const own = new Set(
    attachments
      .filter((attachment) => attachment.contentId && INLINE_IMAGE_TYPES.includes(attachment.contentType.toLowerCase()))
      .map((attachment) => attachment.id.toLowerCase()),
  );
  return html.replace(PLACEHOLDER_ATTRIBUTE, (_match, attribute: string, id: string) =>
    own.has(id.toLowerCase()) ? `${attribute}="${escapeAttribute(inlineUrl(id))}"` : '',
  );
}

/** As sanitize-html writes attribute values. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
