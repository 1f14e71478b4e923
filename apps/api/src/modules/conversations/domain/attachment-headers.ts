import { INLINE_IMAGE_TYPES } from './email-html';

/** Types a browser would run or render as a document (scripts, markup, SVG): always served as opaque bytes. */
const ACTIVE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'application/xslt+xml',
  'application/rdf+xml',
  'application/mathml+xml',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'text/ecmascript',
  'text/vtt',
  'application/x-shockwave-flash',
  'multipart/x-mixed-replace',
]);

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const MAX_FILENAME_LENGTH = 200;

/**
 * The Content-Type an attachment is downloaded with: its own when well formed and passive, otherwise
 * application/octet-stream (HTML, SVG, XML, scripts and anything unparsable).
 */
export function downloadContentType(contentType: string): string {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (!MIME_TYPE.test(type) || ACTIVE_TYPES.has(type) || type.endsWith('+xml')) return 'application/octet-stream';
  return type;
}

/** The Content-Type of an inline image, or null when the attachment may not be shown inline. */
export function inlineImageContentType(contentType: string): string | null {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return INLINE_IMAGE_TYPES.includes(type) ? type : null;
}

/** A file name without directories, control characters or surrounding dots and spaces; never empty. */
export function safeFilename(filename: string): string {
  const base = filename
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '')
    .split(/[/\\]/)
    .pop()!
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return [...base].slice(0, MAX_FILENAME_LENGTH).join('') || 'attachment';
}

/** RFC 5987 value: UTF-8, percent-encoded except attr-chars. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Content-Disposition (RFC 6266) with an ASCII `filename` fallback (accents dropped; quotes, backslashes, `%` and
 * other non-ASCII replaced) and the exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const name = safeFilename(filename);
  const fallback = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
