import type { ReplyTemplate, SuccessMessageResponse } from '@teaminbox/contracts';
import type { ReplyTemplatePayload } from '@teaminbox/api-client';
import { webApi } from './api';
import { logFailure } from './api-failure';

const enc = encodeURIComponent;

/** A template to save: a new one (no id) is created, an existing one updated. */
export type ReplyTemplateSave = ReplyTemplatePayload & { id: string | null };

/**
 * The team's reply templates (spec admin-and-personal section 7): one cache, loaded again after a save or a
 * deletion here and when a push tells of another member's change. Every call is `handled`: failures are logged.
 */
export const replyTemplatesApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    replyTemplates: build.query<ReplyTemplate[], void>({
      query: () => ({ path: '/reply-templates', handled: true }),
      providesTags: ['ReplyTemplate'],
      onQueryStarted: logFailure('reply templates could not be loaded'),
    }),
    saveReplyTemplate: build.mutation<ReplyTemplate, ReplyTemplateSave>({
      query: ({ id, ...template }) =>
        id
          ? { path: `/reply-templates/${enc(id)}`, method: 'PUT', body: template, handled: true }
          : { path: '/reply-templates', method: 'POST', body: template, handled: true },
      invalidatesTags: ['ReplyTemplate'],
      onQueryStarted: logFailure('the reply template could not be saved'),
    }),
    deleteReplyTemplate: build.mutation<SuccessMessageResponse, string>({
      query: (id) => ({ path: `/reply-templates/${enc(id)}`, method: 'DELETE', handled: true }),
      invalidatesTags: ['ReplyTemplate'],
      onQueryStarted: logFailure('the reply template could not be deleted'),
    }),
  }),
});

export const { useReplyTemplatesQuery, useSaveReplyTemplateMutation, useDeleteReplyTemplateMutation } =
  replyTemplatesApi;
