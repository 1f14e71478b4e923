import type { Role, TeamMember } from '@teaminbox/contracts';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** One's own row is recognised by email (the spec). */
export function isOwnRow(member: TeamMember, currentEmail: string): boolean {
  return sameEmail(member.email, currentEmail);
}

/** The acting user's role in the team: their own row's, else the session's. */
export function actingRole(members: TeamMember[], currentEmail: string, sessionRole: Role | null): Role | null {
  return members.find((m) => isOwnRow(m, currentEmail))?.role ?? sessionRole;
}

/** The role dropdown and its Save are hidden on one's own row. */
export function canChangeRole(member: TeamMember, currentEmail: string): boolean {
  return !isOwnRow(member, currentEmail);
}

/** Delete: only an ADMIN or MAINTAINER, never on oneself, never on an ADMIN (the server enforces it too). */
export function canRemove(member: TeamMember, currentEmail: string, actor: Role | null): boolean {
  return (actor === 'ADMIN' || actor === 'MAINTAINER') && !isOwnRow(member, currentEmail) && member.role !== 'ADMIN';
}
