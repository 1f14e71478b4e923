import { createSelector } from '@reduxjs/toolkit';
import type { Label, TeamMember } from '@teaminbox/contracts';
import { useSelector } from 'react-redux';
import { webApi, type ApiFailure } from './api';
import { selectCurrentUser, type SessionState } from './session.slice';

/**
 * The team's members and labels: one cache each, shared by every screen that shows them (the inbox's filters, menus
 * and cards, the rules' action values, the audit's actor filter, the avatars).
 */
export const teamApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    /** A load failure is only logged (the spec's silent case); the screens then offer no members. */
    teamMembers: build.query<TeamMember[], void>({
      query: () => ({ path: '/team/members', silent: true }),
      providesTags: ['Member'],
    }),
    /**
     * The labels of the caller's team (`GET /email-labels?teamId={teamId}`, the session's team); loaded again
     * whenever a member creates, changes or deletes one.
     */
    teamLabels: build.query<Label[], void>({
      async queryFn(_arg, { getState }, _extra, baseQuery) {
        const teamId = selectCurrentUser(getState() as { session: SessionState })?.teamId;
        const answer = await baseQuery({ path: '/email-labels', query: { teamId }, handled: true });
        return answer.error ? { error: answer.error as ApiFailure } : { data: answer.data as Label[] };
      },
      providesTags: ['Label'],
    }),
  }),
});

const NONE: never[] = [];

/** A screen opening after this long fetches the list again (no push tells of members joining or leaving). */
export const TEAM_LIST_MAX_AGE_S = 30;

const membersResult = teamApi.endpoints.teamMembers.select();
const labelsResult = teamApi.endpoints.teamLabels.select();
type WithApi = Parameters<typeof membersResult>[0];

/** The team's members in the cache; empty before they load and when the load failed. */
export const selectTeamMembers = createSelector([(state: WithApi) => membersResult(state)], (result): TeamMember[] =>
  result.isError ? NONE : (result.data ?? NONE),
);

/** The team's labels in the cache; empty before they load and when the load failed. */
export const selectTeamLabels = createSelector([(state: WithApi) => labelsResult(state)], (result): Label[] =>
  result.isError ? NONE : (result.data ?? NONE),
);

const selectTeamId = (state: { session: SessionState }) => selectCurrentUser(state)?.teamId ?? null;

/** The team's members for a screen: loaded while it is shown, and only for a user in a team. */
export function useTeamMembers(): TeamMember[] {
  const teamId = useSelector(selectTeamId);
  const { data, isError } = teamApi.useTeamMembersQuery(undefined, {
    skip: !teamId,
    refetchOnMountOrArgChange: TEAM_LIST_MAX_AGE_S,
  });
  return isError || !teamId ? NONE : (data ?? NONE);
}

/** The team's labels for a screen: loaded while it is shown, and only for a user in a team. */
export function useTeamLabels(): Label[] {
  const teamId = useSelector(selectTeamId);
  const { data, isError } = teamApi.useTeamLabelsQuery(undefined, {
    skip: !teamId,
    refetchOnMountOrArgChange: TEAM_LIST_MAX_AGE_S,
  });
  return isError || !teamId ? NONE : (data ?? NONE);
}
