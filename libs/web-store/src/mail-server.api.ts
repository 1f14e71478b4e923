import type { EmailServerConfig, QuarantinedMessage, SuccessMessageResponse } from '@teaminbox/contracts';
import { request, type EmailServerConfigRequest, type OAuthUrlResponse } from '@teaminbox/api-client';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from './store';
import { webApi } from './api';
import { logFailure } from './api-failure';

const enc = encodeURIComponent;

/**
 * The Email server configuration screen's server data (docs/mail.md): the team's mailbox configuration (null when
 * there is none yet: the server answers 404), its connection test, IMAP folders, OAuth sign-in address and manual
 * fetch, and the quarantined messages (ADMIN and MAINTAINER), loaded afresh on each opening and again after each
 * retry, whatever its outcome (a retry imports the message or records one more attempt). Every call is `handled`:
 * the screen shows its own messages.
 */
export const mailServerApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    /** The stored configuration with its sync status; null when the team has none yet. */
    emailServerConfig: build.query<EmailServerConfig | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery({ path: '/email-server-config', handled: true });
        if (result.error?.status === 404) return { data: null };
        if (result.error) return { error: result.error };
        return { data: result.data as EmailServerConfig };
      },
    }),
    /** Creates the configuration (none stored yet) or updates it; the stored one answered replaces the cached one. */
    saveEmailServerConfig: build.mutation<EmailServerConfig, { config: EmailServerConfigRequest; create: boolean }>({
      query: ({ config, create }) => ({
        path: '/email-server-config',
        method: create ? 'POST' : 'PUT',
        body: config,
        handled: true,
      }),
      async onQueryStarted(_save, { dispatch, queryFulfilled }) {
        const { data: saved } = await queryFulfilled.catch(() => ({ data: null }));
        if (!saved) return;
        // Replaced at once (the screen is subscribed, so the entry exists); upserted only when nothing is cached.
        const patch = dispatch(mailServerApi.util.updateQueryData('emailServerConfig', undefined, () => saved));
        if (patch.patches.length === 0)
          dispatch(mailServerApi.util.upsertQueryData('emailServerConfig', undefined, saved));
      },
    }),
    testEmailServerConfig: build.mutation<SuccessMessageResponse, EmailServerConfigRequest>({
      query: (config) => ({ path: '/email-server-config/test', method: 'POST', body: config, handled: true }),
    }),
    /** Asked for on request (the folders button); each request loads them afresh. */
    imapFolders: build.query<string[], void>({
      query: () => ({ path: '/email-server-config/imap-folders', handled: true }),
      transformResponse: (folders: unknown) => (Array.isArray(folders) ? (folders as string[]) : []),
    }),
    /** Where the browser goes to sign in with the provider. */
    oauthSignInUrl: build.mutation<OAuthUrlResponse, 'google' | 'microsoft'>({
      query: (provider) => ({ path: `/email-server-config/oauth/${provider}/url`, handled: true }),
    }),
    /** A manual fetch; the sync status changes, so the configuration is loaded again whatever the outcome. */
    fetchEmails: build.mutation<SuccessMessageResponse, void>({
      query: () => ({ path: '/emails/fetch', method: 'POST', handled: true }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        await dispatch(refreshEmailServerConfig());
      },
    }),
    mailQuarantine: build.query<QuarantinedMessage[], void>({
      query: () => ({ path: '/email-server-config/quarantine', handled: true }),
      transformResponse: (messages: unknown) => (Array.isArray(messages) ? (messages as QuarantinedMessage[]) : []),
      onQueryStarted: logFailure('the quarantined messages could not be loaded'),
    }),
    /** Imports a quarantined message again; `success` false (or a refusal) says why it is still held. */
    retryQuarantined: build.mutation<SuccessMessageResponse, string>({
      query: (id) => ({ path: `/email-server-config/quarantine/${enc(id)}/retry`, method: 'POST', handled: true }),
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        await dispatch(
          mailServerApi.endpoints.mailQuarantine.initiate(undefined, { forceRefetch: true, subscribe: false }),
        );
      },
    }),
  }),
});

export const {
  useEmailServerConfigQuery,
  useSaveEmailServerConfigMutation,
  useTestEmailServerConfigMutation,
  useLazyImapFoldersQuery,
  useOauthSignInUrlMutation,
  useFetchEmailsMutation,
  useMailQuarantineQuery,
  useRetryQuarantinedMutation,
} = mailServerApi;

/**
 * Loads the configuration again for its sync status (last sync, last error, progress) and puts it in the cache; a
 * failure is logged and keeps the status shown (unlike a load of the screen, it raises no message).
 */
export function refreshEmailServerConfig(): ThunkAction<Promise<void>, RootState, unknown, UnknownAction> {
  return async (dispatch) => {
    try {
      const config = await request<EmailServerConfig>('/email-server-config', { secured: true, handled: true });
      await dispatch(mailServerApi.util.upsertQueryData('emailServerConfig', undefined, config));
    } catch (error) {
      console.warn('the sync status could not be refreshed', error);
    }
  };
}
