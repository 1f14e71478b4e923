import { createSelector } from '@reduxjs/toolkit';
import { isAssignableRole, type Label, type TeamMember } from '@teaminbox/contracts';
import { selectTeamLabels, selectTeamMembers, useTeamLabels, useTeamMembers } from '@teaminbox/web-store';

/**
 * The team's members and labels, for the filters, menus and cards of the inbox screens: the shared api cache's, so
 * they are fetched once for every screen. The labels load again whenever a member creates, changes or deletes one
 * (pushed through the realtime connection).
 */
export interface TeamDirectory {
  members: TeamMember[];
  labels: Label[];
}

/** What the cache holds; a component of a page that loads them (`useTeamDirectory`) reads them with this. */
export const selectTeamDirectory = createSelector(
  [selectTeamMembers, selectTeamLabels],
  (members, labels): TeamDirectory => ({ members, labels }),
);

/** Loads the members and labels while the calling page is shown; a failure leaves a list empty (the spec). */
export function useTeamDirectory(): TeamDirectory {
  const members = useTeamMembers();
  const labels = useTeamLabels();
  return { members, labels };
}

/** The members an email may be assigned to (and who are told of a mention): everyone but the auditors. */
export const assignableMembers = (members: readonly TeamMember[]): TeamMember[] =>
  members.filter((member) => isAssignableRole(member.role));
