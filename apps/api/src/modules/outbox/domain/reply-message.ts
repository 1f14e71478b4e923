import { isValidEmail } from '@teaminbox/contracts';
import { DomainError } from '../../../platform/event-sourcing/domain-error';

export const INVALID_HEADER_VALUE_MESSAGE = 'Invalid header value';
export const invalidAddressMessage = (value: string) => `Invalid email address: ${value.slice(0, 254)}`;

const LINE_BREAK = /[\r\n]/;
/** Characters that make one entry name several mailboxes, a display name, a group or a comment. */
const ADDRESS_SYNTAX = /[\s,;:<>"'()[\]\\]/;
const CONTENT_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+$/;

/** Refuses a value that would end the header line (CR or LF) or carries another control character. */
export function assertHeaderValue(value: string): void {
  // eslint-disable-next-line no-control-regex
  if (LINE_BREAK.test(value) || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value))
    throw new DomainError('invalid', INVALID_HEADER_VALUE_MESSAGE);
}

/**
 * One plain address per entry: no display name, no list ('a@b.c, d@e.f'), no quotes or angle brackets,
 * so what the user sees is exactly the mailbox that receives the mail. Answers the trimmed address.
 */
export function parseRecipient(entry: string): string {
  assertHeaderValue(entry);
  const address = entry.trim();
  if (!address || ADDRESS_SYNTAX.test(address) || address.split('@').length !== 2 || !isValidEmail(address))
    throw new DomainError('invalid', invalidAddressMessage(entry));
  return address;
}

export function assertContentType(value: string): void {
  assertHeaderValue(value);
  if (!CONTENT_TYPE.test(value.trim())) throw new DomainError('invalid', INVALID_HEADER_VALUE_MESSAGE);
}

/** The domain part of the sending address, used for our Message-IDs. */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = at >= 0 ? address.slice(at + 1).trim() : '';
  return /^[A-Za-z0-9.-]+$/.test(domain) ? domain.toLowerCase() : 'localhost';
}

/** Our own Message-ID: `<uuid@from-domain>`. */
export function messageIdFor(replyId: string, fromEmail: string): string {
  return `<${replyId}@${domainOf(fromEmail)}>`;
}

/** Wraps a Message-ID in angle brackets when the stored form lacks them; null for an empty one. */
export function normalizeMessageId(value: string | null | undefined): string | null {
  const id = (value ?? '').trim();
  if (!id || LINE_BREAK.test(id)) return null;
  return id.startsWith('<') ? id : `<${id}>`;
}

/** References of a reply: the original's references followed by the original's Message-ID, without repeats. */
export function referencesFor(originalReferences: readonly string[], originalMessageId: string | null): string[] {
  const all = [...originalReferences, ...(originalMessageId ? [originalMessageId] : [])]
    .map(normalizeMessageId)
    .filter((id): id is string => id !== null);
  return [...new Set(all)];
}
