import type { Email, TSnoozeEmailRequest } from '@teaminbox/contracts';
import { webApi } from './api';
import { emailUpdated } from './events';

const enc = encodeURIComponent;

/** The email's new state, told to the screens that show it (the detail loads it again, lists move it). */
async function told(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Email }> },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(emailUpdated({ id: data.id, read: data.read, isArchived: data.isArchived, actorUserId: null }));
  } catch {
    // The caller shows the failure (the calls are `handled`).
  }
}

/**
 * Snooze (PUT /emails/{id}/snooze, docs/time.md): the email leaves the inbox until `until` and comes back unread then,
 * or when the customer answers; "Wake up now" (DELETE) brings it back at once. Both answer the email as it is now.
 * The calls are `handled`: the screen raises its own notices.
 */
export const snoozeApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    snoozeEmail: build.mutation<Email, { emailId: string } & TSnoozeEmailRequest>({
      query: ({ emailId, until }) => ({
        path: `/emails/${enc(emailId)}/snooze`,
        method: 'PUT',
        body: { until },
        handled: true,
      }),
      onQueryStarted: told,
    }),
    wakeEmail: build.mutation<Email, string>({
      query: (emailId) => ({ path: `/emails/${enc(emailId)}/snooze`, method: 'DELETE', handled: true }),
      onQueryStarted: told,
    }),
  }),
});

export const { useSnoozeEmailMutation, useWakeEmailMutation } = snoozeApi;
