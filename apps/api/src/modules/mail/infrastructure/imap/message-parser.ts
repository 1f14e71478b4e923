import { createHash } from 'node:crypto';
import type { EmailAttachment, EmailHeader, EmailReceived, Priority } from '@teaminbox/contracts';
import { type AddressObject, type HeaderValue, simpleParser } from 'mailparser';
import { v5 as uuidv5 } from 'uuid';
import { cleanText } from '../../../../platform/event-store/event-text';
import { sanitizeEmailHtml } from '../../../conversations/light';
import { MAIL_FIELD_LIMITS, normalizeEmailReceived, receivedAtOf } from './message-normalizer';

/** Namespace of the deterministic ids of ingested mail (uuid v5). */
const MAIL_NAMESPACE = 'a4d7c7f2-5f0e-4c53-9d0e-2f3b8a61c9e1';

/** A message's identity in a team mailbox: (team, folder, UIDVALIDITY, UID). */
export interface MessageLocation {
  teamId: string;
  folder: string;
  uidValidity: bigint;
  uid: number;
}

/** The email id of a location: the same message fetched again (after a crash) gets the same id and event id. */
export function emailIdOf({ teamId, folder, uidValidity, uid }: MessageLocation): string {
  return uuidv5(`${teamId}\n${folder}\n${uidValidity}\n${uid}`, MAIL_NAMESPACE);
}

export function eventIdOf(emailId: string, type: string): string {
  return uuidv5(`${emailId}\n${type}`, MAIL_NAMESPACE);
}

/** Dedupe key across locations: Message-ID plus a hash of the raw content, per team. */
export function dedupeKeyOf(teamId: string, messageId: string, source: Buffer): string {
  const contentHash = createHash('sha256').update(source).digest('hex');
  return createHash('sha256').update(`${teamId}\n${messageId}\n${contentHash}`).digest('hex');
}

export interface ParsedAttachment {
  id: string;
  filename: string;
  contentType: string;
  /** Content-ID without angle brackets; null when the part has none. */
  contentId: string | null;
  /** Shown inside the body: Content-Disposition inline, or a part of multipart/related. */
  inline: boolean;
  content: Buffer;
}

export interface ParsedMessage {
  email: EmailReceived;
  attachments: ParsedAttachment[];
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((object) => object.value)
    .flatMap(function flatten(address): string[] {
      return address.group ? address.group.flatMap(flatten) : address.address ? [address.address] : [];
    });

const headerText = (value: HeaderValue | undefined): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => headerText(v as HeaderValue)).join(', ');
  if (typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  return String(value);
};

/** Header lines kept for rules: at most this many, each value cut to HEADER_VALUE_MAX_LENGTH characters. */
export const MAX_HEADERS = 100;
export const HEADER_VALUE_MAX_LENGTH = 2000;

/**
 * The message's header lines in order, as (lowercase name, unfolded value); an encoded value (RFC 2047) as
 * mailparser decoded it when the header is plain text. Bounded, so a message with huge headers stays small.
 */
export function headerList(
  lines: readonly { key: string; line: string }[],
  decoded: Map<string, HeaderValue>,
): EmailHeader[] {
  return lines.slice(0, MAX_HEADERS).map(({ key, line }) => {
    let value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    const plain = decoded.get(key);
    if (value.includes('=?') && typeof plain === 'string') value = plain;
    return { name: key, value: value.slice(0, HEADER_VALUE_MAX_LENGTH) };
  });
}

const PRIORITY: Record<string, Priority> = { high: 'HIGH', normal: 'MEDIUM', low: 'LOW' };

/** Auto-Submitted other than "no", Precedence bulk/junk/list/auto_reply, X-Autoreply or X-Autorespond. */
export function isAutoReply(headers: Map<string, HeaderValue>): boolean {
  const autoSubmitted = headerText(headers.get('auto-submitted')).trim().toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith('no')) return true;
  const precedence = headerText(headers.get('precedence')).trim().toLowerCase();
  if (['bulk', 'junk', 'list', 'auto_reply'].includes(precedence)) return true;
  return headers.has('x-autoreply') || headers.has('x-autorespond');
}

function isBounce(headers: Map<string, HeaderValue>): boolean {
  const contentType = headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  return (
    contentType?.value?.toLowerCase() === 'multipart/report' &&
    (contentType.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status'
  );
}

/**
 * The Date header as written and its time (null when unreadable), or null when there is none. mailparser replaces
 * an unreadable date with the current time, so the raw header is checked first.
 */
function headerDate(
  lines: readonly { key: string; line: string }[],
  parsedDate: Date | undefined,
): { raw: string; date: Date | null } | null {
  const line = lines.find((header) => header.key === 'date')?.line;
  if (line === undefined) return null;
  const raw = line.slice(line.indexOf(':') + 1).trim();
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) return { raw, date: null };
  return { raw, date: parsedDate && !Number.isNaN(parsedDate.getTime()) ? parsedDate : date };
}

/** The HTML body sanitised once, here (see sanitizeEmailHtml), within MAIL_FIELD_LIMITS.html. */
function safeHtml(html: string | false | undefined, attachments: EmailAttachment[]) {
  if (!html) return { html: null, remoteImages: 0 };
  const limit = MAIL_FIELD_LIMITS.html;
  let safe = sanitizeEmailHtml(html.length > 2 * limit ? html.slice(0, 2 * limit) : html, attachments);
  if (safe.html && safe.html.length > limit) safe = sanitizeEmailHtml(html.slice(0, limit), attachments);
  return safe;
}

/**
 * Turns a raw message into the EmailReceived payload and its attachments. The Date header gives receivedAt,
 * falling back to the server's INTERNALDATE, then to the time of arrival, when it is missing, unreadable or out of
 * range (the header as written is kept in `dateHeader`). Every text is cleaned and capped (normalizeEmailReceived)
 * and the HTML is sanitised. Throws when the source cannot be parsed.
 */
export async function parseMessage(
  source: Buffer,
  location: MessageLocation,
  internalDate: Date | null,
): Promise<ParsedMessage> {
  const parsed = await simpleParser(source, { skipImageLinks: true, skipTextLinks: true });
  const emailId = emailIdOf(location);
  const from = parsed.from?.value.find((address) => address.address) ?? parsed.from?.value[0];
  const { receivedAt, dateHeader } = receivedAtOf(
    headerDate(parsed.headerLines, parsed.date),
    internalDate,
    new Date(),
  );
  const references = Array.isArray(parsed.references)
    ? parsed.references
    : parsed.references
      ? [parsed.references]
      : [];

  const limits = MAIL_FIELD_LIMITS;
  const attachments: ParsedAttachment[] = parsed.attachments.slice(0, limits.attachments).map((attachment, index) => ({
    id: uuidv5(`${emailId}\nattachment\n${index}`, MAIL_NAMESPACE),
    filename: cleanText(attachment.filename || '', limits.filename) || `attachment-${index + 1}`,
    contentType: cleanText(attachment.contentType || '', limits.contentType) || 'application/octet-stream',
    contentId: cleanText(attachment.cid || '', limits.contentId) || null,
    inline: attachment.contentDisposition === 'inline' || attachment.related === true,
    content: attachment.content,
  }));
  const attachmentMeta: EmailAttachment[] = attachments.map(
    ({ id, filename, contentType, contentId, inline, content }) => ({
      id,
      filename,
      contentType,
      size: content.length,
      contentId,
      inline,
    }),
  );
  const html = safeHtml(parsed.html, attachmentMeta);

  const email = normalizeEmailReceived({
    emailId,
    teamId: location.teamId,
    messageId: parsed.messageId ?? '',
    subject: parsed.subject ?? '',
    fromName: from?.name || null,
    fromEmail: from?.address ?? '',
    replyTo: addresses(parsed.replyTo),
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    text: parsed.text ?? '',
    html: html.html,
    htmlSafe: true,
    remoteImages: html.remoteImages,
    receivedAt: receivedAt.toISOString(),
    ...(dateHeader !== null ? { dateHeader } : {}),
    priority: PRIORITY[headerText(parsed.headers.get('priority')).toLowerCase()] ?? 'MEDIUM',
    status: 'NEW',
    inReplyTo: parsed.inReplyTo ?? null,
    references,
    folder: location.folder,
    uid: location.uid,
    isAutoReply: isAutoReply(parsed.headers),
    isBounce: isBounce(parsed.headers),
    headers: headerList(parsed.headerLines, parsed.headers),
    attachments: attachmentMeta,
  });
  return { email, attachments };
}
