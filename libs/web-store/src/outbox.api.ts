import type { CancelScheduledSendResponse, ScheduledSend } from '@teaminbox/contracts';
import { webApi } from './api';
import { replyChanged } from './events';
import { connected } from './realtime.slice';

const enc = encodeURIComponent;

/** A push of a reply (queued, sent, undone, by anyone of the team), or a socket connected again: the list is stale. */
export const OUTBOX_PUSHES = [replyChanged.type, connected.type] as const;

/**
 * Send later and undo send (docs/time.md):
 * - the team's replies waiting for their time (`scheduledSends`, GET /replies/scheduled): undo windows and "send
 *   later" times, soonest first;
 * - undo / cancel one (`cancelScheduledSend`, DELETE /replies/{id}/schedule): it is a draft again on its email (the
 *   server pushes the draft and the undone reply to the team). The calls are `handled`: the screens raise notices.
 */
export const outboxApi = webApi.enhanceEndpoints({ addTagTypes: ['ScheduledSend'] }).injectEndpoints({
  endpoints: (build) => ({
    scheduledSends: build.query<ScheduledSend[], void>({
      query: () => ({ path: '/replies/scheduled', handled: true }),
      providesTags: ['ScheduledSend'],
    }),
    cancelScheduledSend: build.mutation<CancelScheduledSendResponse, string>({
      query: (replyId) => ({ path: `/replies/${enc(replyId)}/schedule`, method: 'DELETE', handled: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['ScheduledSend']),
    }),
  }),
});

export const { useScheduledSendsQuery, useCancelScheduledSendMutation } = outboxApi;
