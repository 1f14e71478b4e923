import type { Label } from '@teaminbox/contracts';
import type { LabelPayload } from '@teaminbox/api-client';
import { webApi } from './api';
import { teamApi } from './team.api';

const enc = encodeURIComponent;

/** Only a call that succeeded changes what the server holds. */
const labelsChanged = (_result: unknown, error: unknown): 'Label'[] => (error ? [] : ['Label']);

/**
 * The Email Labels screen's changes of the team's labels (spec core-inbox, labels). They change the one labels cache
 * (`teamLabels`): a created label is put in and a deleted one taken out at once, and the list is then loaded again
 * (as after the labels push). Every call is `handled`: the screen raises its own notices.
 */
export const labelsApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    createLabel: build.mutation<Label, LabelPayload>({
      query: (label) => ({ path: '/email-labels', method: 'POST', body: label, handled: true }),
      invalidatesTags: labelsChanged,
      async onQueryStarted(_label, { dispatch, queryFulfilled }) {
        const { data: created } = await queryFulfilled.catch(() => ({ data: null }));
        if (!created) return;
        dispatch(
          teamApi.util.updateQueryData('teamLabels', undefined, (labels) =>
            labels.some((label) => label.id === created.id) ? labels : [...labels, created],
          ),
        );
      },
    }),
    deleteLabel: build.mutation<unknown, string>({
      query: (id) => ({ path: `/email-labels/${enc(id)}`, method: 'DELETE', handled: true }),
      invalidatesTags: labelsChanged,
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!done) return;
        dispatch(
          teamApi.util.updateQueryData('teamLabels', undefined, (labels) => labels.filter((label) => label.id !== id)),
        );
      },
    }),
    /** The default labels are created; the list is loaded again. */
    initializeLabels: build.mutation<Label[], void>({
      query: () => ({ path: '/email-labels/initialize', method: 'POST', handled: true }),
      invalidatesTags: labelsChanged,
    }),
  }),
});

export const { useCreateLabelMutation, useDeleteLabelMutation, useInitializeLabelsMutation } = labelsApi;
