import type { Rule, SuccessMessageResponse } from '@teaminbox/contracts';
import type { RulePayload } from '@teaminbox/api-client';
import { webApi } from './api';

const enc = encodeURIComponent;

/**
 * The team's automatic rules (spec admin-and-personal section 7): one cache, loaded again after a save or a deletion.
 * Every call is `silent` (section 8): a failure is only logged, the list keeps what it showed and a failed save keeps
 * the editor open.
 */
export const rulesListApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    teamRules: build.query<Rule[], void>({
      query: () => ({ path: '/rules', silent: true }),
      providesTags: ['Rule'],
    }),
    /** A rule with an id is updated, one without created. */
    saveRule: build.mutation<Rule, RulePayload>({
      query: ({ id, ...rule }) =>
        id
          ? { path: `/rules/${enc(id)}`, method: 'PUT', body: rule, silent: true }
          : { path: '/rules', method: 'POST', body: rule, silent: true },
      invalidatesTags: ['Rule'],
    }),
    /** The deleted rule leaves the list at once; the list is then loaded again. */
    deleteRule: build.mutation<SuccessMessageResponse, string>({
      query: (id) => ({ path: `/rules/${enc(id)}`, method: 'DELETE', silent: true }),
      invalidatesTags: ['Rule'],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // logged by the http client (silent)
        }
        dispatch(
          rulesListApi.util.updateQueryData('teamRules', undefined, (rules) => rules.filter((rule) => rule.id !== id)),
        );
      },
    }),
  }),
});

export const { useTeamRulesQuery, useSaveRuleMutation, useDeleteRuleMutation } = rulesListApi;
