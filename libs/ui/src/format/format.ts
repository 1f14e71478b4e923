const HOUR_MS = 60 * 60 * 1000;

/**
 * The spec's date rule: under 24 hours the time, under 168 hours (7 days) the short weekday,
 * otherwise the full date; in the browser's locale.
 */
export function formatEmailDate(value: string | Date, now: Date = new Date(), locale?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const ageMs = now.getTime() - date.getTime();
  if (ageMs < 24 * HOUR_MS) return date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (ageMs < 168 * HOUR_MS) return date.toLocaleDateString(locale, { weekday: 'short' });
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}

export const INBOX_PREVIEW_LENGTH = 30;

/** The inbox preview: the first 30 characters plus '...' (a shorter text stays whole). */
export function previewText(text: string | null | undefined, length = INBOX_PREVIEW_LENGTH): string {
  const value = text ?? '';
  return value.length > length ? `${value.slice(0, length)}...` : value;
}

/** Up to two initials from a name, or from the email's local part. */
export function initials(name: string | null | undefined, email?: string | null): string {
  const source = (name ?? '').trim() || (email ?? '').split('@')[0] || '';
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : source.slice(0, 2);
  return letters.toUpperCase();
}

/** A person's display name: first + last name when set, else the email address. */
export function displayName(user: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const name = [user.firstName, user.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return name || user.email || '';
}
