import type { EmailAction, Page, TeamActivityEntry } from '@teaminbox/contracts';
import type { TeamActivityQuery } from '@teaminbox/api-client';
import { webApi } from './api';
import { logFailure } from './api-failure';

/**
 * The Team Activity screen's lists (spec admin-and-personal section 7): the team's actions page by page, newest
 * first, and one email's (also the email detail's timeline; tagged by email, the detail's pushes make it stale). Both
 * are `handled`: a load failure is logged and the screen shows an empty list (section 8).
 */
export const activityApi = webApi.enhanceEndpoints({ addTagTypes: ['EmailActions'] }).injectEndpoints({
  endpoints: (build) => ({
    teamActions: build.query<Page<TeamActivityEntry>, TeamActivityQuery>({
      query: (query) => ({ path: '/team/actions', query: { ...query }, handled: true }),
      onQueryStarted: logFailure('the activity could not be loaded'),
    }),
    emailActions: build.query<EmailAction[], string>({
      query: (emailId) => ({ path: `/emails/${encodeURIComponent(emailId)}/actions`, handled: true }),
      providesTags: (_result, _error, emailId) => [{ type: 'EmailActions', id: emailId }],
      onQueryStarted: logFailure('the activity could not be loaded'),
    }),
  }),
});

export const { useTeamActionsQuery, useEmailActionsQuery } = activityApi;
