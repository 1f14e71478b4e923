import type { TeamMember } from '@teaminbox/contracts';

export const MAX_MENTION_SUGGESTIONS = 6;

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
