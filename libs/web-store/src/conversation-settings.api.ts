import type { ConversationSettings, TConversationSettingsRequest } from '@teaminbox/contracts';
import { webApi } from './api';

/**
 * The team's conversation settings (GET/PUT /conversation-settings, docs/collaboration.md): whether an answer without
 * references joins its conversation by subject. Every member reads them; an ADMIN changes them, and the server's
 * answer replaces the cached settings. Every call is `handled`: the card raises its own notices.
 */
export const conversationSettingsApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    conversationSettings: build.query<ConversationSettings, void>({
      query: () => ({ path: '/conversation-settings', handled: true }),
    }),
    saveConversationSettings: build.mutation<ConversationSettings, TConversationSettingsRequest>({
      query: (settings) => ({ path: '/conversation-settings', method: 'PUT', body: settings, handled: true }),
      async onQueryStarted(_settings, { dispatch, queryFulfilled }) {
        const { data: saved } = await queryFulfilled.catch(() => ({ data: null }));
        if (saved) dispatch(conversationSettingsApi.util.upsertQueryData('conversationSettings', undefined, saved));
      },
    }),
  }),
});

export const { useConversationSettingsQuery, useSaveConversationSettingsMutation } = conversationSettingsApi;
