import type { ComposeEmailResponse } from '@teaminbox/contracts';
import type { ComposeEmailPayload } from '@teaminbox/api-client';
import { webApi } from './api';

/**
 * Compose (POST /emails/compose, docs/inbox-web.md): a new conversation from the team's mailbox, queued like a reply
 * (202). The call is `handled`: the dialog raises its own notices (a refusal's 400 names what to fix).
 */
export const composeApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    composeEmail: build.mutation<ComposeEmailResponse, ComposeEmailPayload>({
      query: (message) => ({ path: '/emails/compose', method: 'POST', body: message, handled: true }),
    }),
  }),
});

export const { useComposeEmailMutation } = composeApi;
