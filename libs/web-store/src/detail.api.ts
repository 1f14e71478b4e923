import type { Action } from '@reduxjs/toolkit';
import type {
  Comment,
  ConversationComments,
  EmailAsOf,
  EmailHistoryEntry,
  EmailRulesExplanation,
  ThreadMessage,
} from '@teaminbox/contracts';
import { webApi } from './api';
import { warnOnFailure } from './api-failure';
import { commentChanged, emailUpdated, replyChanged } from './events';
import { connected } from './realtime.slice';

const enc = encodeURIComponent;

type EmailTag = 'EmailDetail' | 'EmailThread' | 'EmailActions' | 'Comment' | 'EmailHistory' | 'EmailRules';
/** A cached part of one email's detail (`id`: the email), or all of one kind. */
export type DetailTag = EmailTag | { type: EmailTag; id: string };

const of = (type: EmailTag, emailId: string): DetailTag => ({ type, id: emailId });
/** A change succeeded: the email's comments and its history are stale. */
const commentWritten = (_result: unknown, error: unknown, { emailId }: { emailId: string }): DetailTag[] =>
  error ? [] : [of('Comment', emailId), of('EmailHistory', emailId)];

/** An email was changed from its detail (assigned, labelled, its status or priority set...): it and its logs are stale. */
export const emailChanged = (emailId: string): DetailTag[] => [
  of('EmailDetail', emailId),
  of('EmailActions', emailId),
  of('EmailHistory', emailId),
];

/**
 * The email detail's server data (spec core-inbox, email detail), one cache each, tagged by email:
 * - (the email itself is the inbox cache's `emailDetail`, tagged `EmailDetail` by email: a pushed change patches it, a
 *   change made from the detail and a reconnect make it stale);
 * - its thread (`emailThread`, both view modes); a thread that cannot be loaded is logged and shows empty. The
 *   timeline's replies are the reply form's `emailReplies`, its status changes the action log `emailActions` of the
 *   activity cache; the tags below make both stale as well;
 * - the internal comments of one email (`emailComments`, the spec's list) or of its whole conversation
 *   (`conversationComments`, when the person shares comments within a thread), with the mutations that write, edit and
 *   delete one. A comment of the conversation is changed on the email it was written on. Every call is `handled`: the
 *   screen raises the spec's notices; a list that cannot be loaded is logged and shows empty.
 * - the History view's events (`emailHistory`) and the email as it stood at an instant (`emailAsOf`, never stale);
 * - what the automatic rules did to the email (`emailRules`).
 * Socket pushes invalidate what they changed (`detailTagsOf`).
 */
export const detailApi = webApi
  .enhanceEndpoints({
    addTagTypes: ['EmailDetail', 'EmailThread', 'EmailActions', 'Comment', 'EmailHistory', 'EmailRules'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      emailThread: build.query<ThreadMessage[], string>({
        query: (emailId) => ({ path: `/emails/${enc(emailId)}/thread`, handled: true }),
        providesTags: (_result, _error, emailId) => [of('EmailThread', emailId)],
        onQueryStarted: warnOnFailure('the thread could not be loaded'),
      }),
      emailComments: build.query<Comment[], string>({
        query: (emailId) => ({ path: `/emails/${enc(emailId)}/comments`, handled: true }),
        providesTags: (_result, _error, emailId) => [of('Comment', emailId)],
        onQueryStarted: warnOnFailure('the comments could not be loaded'),
      }),
      /** Tagged by every email of the conversation: a comment on any of them makes the list stale. */
      conversationComments: build.query<ConversationComments, string>({
        query: (emailId) => ({
          path: `/emails/${enc(emailId)}/comments`,
          query: { scope: 'conversation' },
          handled: true,
        }),
        providesTags: (result, _error, emailId) =>
          [...new Set([emailId, ...(result?.emailIds ?? [])])].map((id) => of('Comment', id)),
        onQueryStarted: warnOnFailure('the comments could not be loaded'),
      }),
      addComment: build.mutation<Comment, { emailId: string; message: string }>({
        query: ({ emailId, message }) => ({
          path: `/emails/${enc(emailId)}/comments`,
          method: 'POST',
          body: { message },
          handled: true,
        }),
        invalidatesTags: commentWritten,
      }),
      editComment: build.mutation<Comment, { emailId: string; commentId: string; message: string }>({
        query: ({ emailId, commentId, message }) => ({
          path: `/emails/${enc(emailId)}/comments/${enc(commentId)}`,
          method: 'PUT',
          body: { message },
          handled: true,
        }),
        invalidatesTags: commentWritten,
      }),
      deleteComment: build.mutation<unknown, { emailId: string; commentId: string }>({
        query: ({ emailId, commentId }) => ({
          path: `/emails/${enc(emailId)}/comments/${enc(commentId)}`,
          method: 'DELETE',
          handled: true,
        }),
        invalidatesTags: commentWritten,
      }),
      emailHistory: build.query<EmailHistoryEntry[], string>({
        query: (emailId) => ({ path: `/emails/${enc(emailId)}/history`, handled: true }),
        providesTags: (_result, _error, emailId) => [of('EmailHistory', emailId)],
      }),
      emailAsOf: build.query<EmailAsOf, { emailId: string; asOf: string }>({
        query: ({ emailId, asOf }) => ({ path: `/emails/${enc(emailId)}`, query: { asOf }, handled: true }),
      }),
      emailRules: build.query<EmailRulesExplanation, string>({
        query: (emailId) => ({ path: `/emails/${enc(emailId)}/rules`, handled: true }),
        providesTags: (_result, _error, emailId) => [of('EmailRules', emailId)],
        onQueryStarted: warnOnFailure('Could not load the rules of the email'),
      }),
    }),
  });

export const {
  useEmailThreadQuery,
  useEmailCommentsQuery,
  useConversationCommentsQuery,
  useAddCommentMutation,
  useEditCommentMutation,
  useDeleteCommentMutation,
  useEmailHistoryQuery,
  useEmailAsOfQuery,
  useEmailRulesQuery,
} = detailApi;

/** The pushes that make a part of an email's detail stale. */
export const DETAIL_PUSHES: readonly string[] = [
  commentChanged.type,
  emailUpdated.type,
  replyChanged.type,
  connected.type,
];

/**
 * What a push makes stale: a comment its email's comments (and so every conversation holding that email) and history;
 * a change of the email (a rule's action among them) its thread, action log, history and what the rules did (the
 * cached email itself takes the pushed change without a load: `inboxUpdatesOf` of `inbox.api.ts`); a reply (a draft,
 * a reply queued, sent or failed) its thread, action log and history. A socket that (re)connects may have missed
 * pushes: every cached email and part of one is loaded again.
 */
export function detailTagsOf(action: Action): DetailTag[] {
  if (commentChanged.match(action)) {
    const { emailId } = action.payload;
    return [of('Comment', emailId), of('EmailHistory', emailId)];
  }
  if (emailUpdated.match(action)) {
    const { id } = action.payload;
    return [of('EmailThread', id), of('EmailActions', id), of('EmailHistory', id), of('EmailRules', id)];
  }
  if (replyChanged.match(action)) {
    const { emailId } = action.payload;
    return [of('EmailThread', emailId), of('EmailActions', emailId), of('EmailHistory', emailId)];
  }
  if (connected.match(action))
    return ['EmailDetail', 'EmailThread', 'EmailActions', 'Comment', 'EmailHistory', 'EmailRules'];
  return [];
}
