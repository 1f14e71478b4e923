/** The most members one comment may mention: each mention is a notification (and an email) to someone. */
export const MAX_MENTIONS_PER_COMMENT = 20;
export const TOO_MANY_MENTIONS_MESSAGE = `A comment can mention at most ${MAX_MENTIONS_PER_COMMENT} people.`;

/** A member as mentions see them. */
export interface Mentionable {
  id: string;
  name: string;
  email: string;
}

/**
 * The members a comment mentions: '@' followed by a member's full name or email (case-insensitive), not
 * glued to a preceding word character (so 'me@example.com' mentions nobody named 'example.com').
 */
export function mentionedIn(message: string, members: readonly Mentionable[]): string[] {
  const text = message.toLowerCase();
  const at = (needle: string) => {
    const target = `@${needle.toLowerCase()}`;
    for (let i = text.indexOf(target); i >= 0; i = text.indexOf(target, i + 1)) {
      const before = i === 0 ? '' : text[i - 1];
      if (!/[\p{L}\p{N}_.]/u.test(before)) return true;
    }
    return false;
  };
  return members.filter((m) => (m.name.trim() && at(m.name.trim())) || at(m.email)).map((m) => m.id);
}
