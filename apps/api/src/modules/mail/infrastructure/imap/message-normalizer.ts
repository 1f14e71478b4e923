import type { EmailReceived } from '@teaminbox/contracts';
import { cleanText } from '../../../../platform/event-store/event-text';

/**
 * What one parsed message may store, in characters (the raw source keeps everything and stays downloadable).
 * Documented in docs/mail.md ("Limits"). Every string is also stripped of NUL and unpaired surrogates, which
 * PostgreSQL cannot store.
 */
export const MAIL_FIELD_LIMITS = {
  subject: 1_000,
  name: 256,
  address: 320,
  /** Addresses kept per list (Reply-To, To, Cc). */
  recipients: 200,
  /** Message-ID, In-Reply-To and each reference. */
  messageId: 998,
  references: 100,
  text: 512 * 1024,
  /** HTML after sanitising; the HTML given to the sanitiser is cut at twice this. */
  html: 1024 * 1024,
  attachments: 500,
  filename: 255,
  contentType: 255,
  contentId: 998,
  /** The original Date header shown in the detail when it could not be used. */
  dateHeader: 200,
} as const;

/** The earliest and latest times a received date may have: what PostgreSQL, JSON and the browser all handle. */
export const EARLIEST_DATE = Date.UTC(1970, 0, 1);
export const LATEST_DATE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export const usableDate = (date: Date | null | undefined): date is Date =>
  !!date && !Number.isNaN(date.getTime()) && date.getTime() >= EARLIEST_DATE && date.getTime() <= LATEST_DATE;

/**
 * The time an email is listed under: the Date header when it is readable and in range, else the server's
 * INTERNALDATE, else the time of arrival. `dateHeader` is the header as written when it was present but not used.
 */
export function receivedAtOf(
  header: { raw: string; date: Date | null } | null,
  internalDate: Date | null,
  arrival: Date,
): { receivedAt: Date; dateHeader: string | null } {
  if (header && usableDate(header.date)) return { receivedAt: header.date, dateHeader: null };
  const receivedAt = usableDate(internalDate) ? internalDate : arrival;
  return { receivedAt, dateHeader: header ? cleanText(header.raw.trim(), MAIL_FIELD_LIMITS.dateHeader) : null };
}

const clean = (value: string, limit: number) => cleanText(value, limit);
const cleanOrNull = (value: string | null | undefined, limit: number) =>
  value === null || value === undefined ? null : cleanText(value, limit);

/** Every text of a parsed email cleaned and capped (see MAIL_FIELD_LIMITS); ids, numbers and flags unchanged. */
export function normalizeEmailReceived(email: EmailReceived): EmailReceived {
  const limits = MAIL_FIELD_LIMITS;
  const addresses = (list: string[]) =>
    list
      .slice(0, limits.recipients)
      .map((address) => clean(address, limits.address))
      .filter(Boolean);
  return {
    ...email,
    messageId: clean(email.messageId, limits.messageId),
    subject: clean(email.subject, limits.subject),
    fromName: cleanOrNull(email.fromName, limits.name) || null,
    fromEmail: clean(email.fromEmail, limits.address),
    ...(email.replyTo ? { replyTo: addresses(email.replyTo) } : {}),
    to: addresses(email.to),
    cc: addresses(email.cc),
    text: clean(email.text, limits.text),
    html: cleanOrNull(email.html, limits.html),
    ...(email.inReplyTo !== undefined ? { inReplyTo: cleanOrNull(email.inReplyTo, limits.messageId) } : {}),
    ...(email.references
      ? { references: email.references.slice(-limits.references).map((ref) => clean(ref, limits.messageId)) }
      : {}),
    ...(email.folder !== undefined ? { folder: clean(email.folder, 1000) } : {}),
    ...(email.headers
      ? {
          headers: email.headers.map((header) => ({ name: clean(header.name, 200), value: clean(header.value, 2000) })),
        }
      : {}),
    ...(email.attachments
      ? {
          attachments: email.attachments.map((attachment) => ({
            ...attachment,
            filename: clean(attachment.filename, limits.filename),
            contentType: clean(attachment.contentType, limits.contentType),
            ...(attachment.contentId !== undefined
              ? { contentId: cleanOrNull(attachment.contentId, limits.contentId) }
              : {}),
          })),
        }
      : {}),
  };
}
