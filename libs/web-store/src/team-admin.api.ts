import type { Role, Team } from '@teaminbox/contracts';
import { webApi } from './api';

const enc = encodeURIComponent;

/** Only a call that succeeded changes what the server holds. */
const onSuccess =
  <T extends 'Team' | 'Member'>(...tags: T[]) =>
  (_result: unknown, error: unknown): T[] =>
    error ? [] : tags;

/**
 * The Team Members screen's calls (spec core-inbox, team members page): the team's name and pending invitations
 * (`team`, tag `Team`), and the changes of members and invitations. The members themselves come from the one
 * members cache (`teamMembers`, tag `Member`); a role change or a removal invalidates it, so every screen listing the
 * members fetches them again. The team's creation, the role changes and the removals are `handled` or `silent`
 * as the spec says: the screen raises their notices; invitation failures are only logged.
 */
export const teamAdminApi = webApi.enhanceEndpoints({ addTagTypes: ['Team'] }).injectEndpoints({
  endpoints: (build) => ({
    /** A failure (404: no team yet) is only logged; the screen then shows no team. */
    team: build.query<Team, void>({
      query: () => ({ path: '/team', silent: true }),
      providesTags: ['Team'],
    }),
    /** The name as a text body; the caller's user then belongs to the team (the session loads the user again). */
    createTeam: build.mutation<unknown, string>({
      query: (name) => ({ path: '/team', method: 'PUT', body: name, text: true, silent: true }),
      invalidatesTags: onSuccess('Team', 'Member'),
    }),
    /** The role as a text body. */
    changeMemberRole: build.mutation<unknown, { memberId: string; role: Role }>({
      query: ({ memberId, role }) => ({
        path: `/team/member/${enc(memberId)}/role`,
        method: 'PUT',
        body: role,
        text: true,
        handled: true,
      }),
      invalidatesTags: onSuccess('Team', 'Member'),
    }),
    removeMember: build.mutation<unknown, string>({
      query: (memberId) => ({ path: `/team/member/${enc(memberId)}`, method: 'DELETE', handled: true }),
      invalidatesTags: onSuccess('Team', 'Member'),
    }),
    /** The invitee joins with the role. */
    sendInvitation: build.mutation<unknown, { email: string; role: Role }>({
      query: (invitation) => ({ path: '/invitation', method: 'PUT', body: invitation, silent: true }),
      invalidatesTags: onSuccess('Team'),
    }),
    deleteInvitation: build.mutation<unknown, string>({
      query: (id) => ({ path: `/invitation/${enc(id)}`, method: 'DELETE', silent: true }),
      invalidatesTags: onSuccess('Team'),
    }),
  }),
});

export const {
  useTeamQuery,
  useCreateTeamMutation,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useSendInvitationMutation,
  useDeleteInvitationMutation,
} = teamAdminApi;
