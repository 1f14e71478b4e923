import type { TeamMember } from '@teaminbox/contracts';

export const MAX_MENTION_SUGGESTIONS = 6;

/**
 * The mention being typed at the cursor: the text after an '@' (letters, digits, dot, underscore, space) up to the
 * cursor, when the '@' starts a word. Null when the cursor is not in a mention.
 */
export function mentionAt(text: string, cursor: number): { start: number; query: string } | null {
  const before = text.slice(0, cursor);
  const match = /(^|[^\p{L}\p{N}_.])@([\p{L}\p{N}._ ]*)$/u.exec(before);
  if (!match) return null;
  const query = match[2];
  return { start: before.length - query.length - 1, query };
}

/** Members whose name contains the query or whose email starts with it (case-insensitive), at most six. */
export function mentionSuggestions(members: readonly TeamMember[], query: string): TeamMember[] {
  const wanted = query.trim().toLowerCase();
  return members
    .filter(
      (member) =>
        !wanted || (member.name ?? '').toLowerCase().includes(wanted) || member.email.toLowerCase().startsWith(wanted),
    )
    .slice(0, MAX_MENTION_SUGGESTIONS);
}

/** The text with the mention at `start` (up to `cursor`) replaced by the member's name (or email), and the new cursor. */
export function insertMention(
  text: string,
  start: number,
  cursor: number,
  member: TeamMember,
): { text: string; cursor: number } {
  const inserted = `@${member.name?.trim() || member.email} `;
  return { text: text.slice(0, start) + inserted + text.slice(cursor), cursor: start + inserted.length };
}
