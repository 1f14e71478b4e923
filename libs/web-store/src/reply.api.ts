import type { Action } from '@reduxjs/toolkit';
import type { Reply, ReplyAddresses } from '@teaminbox/contracts';
import type { ReplyDraftPayload } from '@teaminbox/api-client';
import { webApi } from './api';
import { warnOnFailure } from './api-failure';
import { replyChanged } from './events';
import { connected } from './realtime.slice';

const enc = encodeURIComponent;

/** The replies of one email (`id`: the email), or every email's. */
export type ReplyTag = 'Reply' | { type: 'Reply'; id: string };

const repliesOf = (emailId: string): ReplyTag => ({ type: 'Reply', id: emailId });
/** A draft written or deleted: the email's replies are stale (a failure changed nothing). */
const draftWritten = (_result: unknown, error: unknown, { emailId }: { emailId: string }): ReplyTag[] =>
  error ? [] : [repliesOf(emailId)];

/** A draft to save: a new one (`draftId` null) or the one being edited. */
export interface ReplyDraftSave {
  emailId: string;
  draftId: string | null;
  draft: ReplyDraftPayload;
}

/**
 * The reply form's server data, tagged by email:
 * - the email's replies (`emailReplies`, GET /emails/{id}/replies): its drafts and the replies queued, sent or failed;
 *   a list that cannot be loaded is logged and shows empty;
 * - whom a reply and a reply to all go to (`replyAddresses`, GET /emails/{id}/reply-addresses: Reply-To, else From,
 *   without the team's own addresses); without them the form answers From;
 * - the mutations that save a draft (a new one or the one edited) and delete one; they are `handled`: the form raises
 *   the spec's notices.
 * A push of a reply (`replyChanged`: a draft saved or deleted, a reply queued, sent or failed, by anyone of the team)
 * makes its email's replies stale, and a socket that connects again makes every cached list stale (`replyTagsOf`).
 * Sending stays a workflow of the form's saga, which invalidates the email's replies once the server accepted it.
 */
export const replyApi = webApi.enhanceEndpoints({ addTagTypes: ['Reply'] }).injectEndpoints({
  endpoints: (build) => ({
    emailReplies: build.query<Reply[], string>({
      query: (emailId) => ({ path: `/emails/${enc(emailId)}/replies`, handled: true }),
      providesTags: (_result, _error, emailId) => [repliesOf(emailId)],
      onQueryStarted: warnOnFailure('Reply drafts not loaded'),
    }),
    replyAddresses: build.query<ReplyAddresses, string>({
      query: (emailId) => ({ path: `/emails/${enc(emailId)}/reply-addresses`, handled: true }),
      onQueryStarted: warnOnFailure('Reply addresses not loaded'),
    }),
    saveReplyDraft: build.mutation<Reply, ReplyDraftSave>({
      query: ({ emailId, draftId, draft }) => ({
        path: draftId ? `/emails/${enc(emailId)}/replies/${enc(draftId)}` : `/emails/${enc(emailId)}/replies`,
        method: draftId ? 'PUT' : 'POST',
        body: draft,
        handled: true,
      }),
      invalidatesTags: draftWritten,
    }),
    deleteReplyDraft: build.mutation<unknown, { emailId: string; replyId: string }>({
      query: ({ emailId, replyId }) => ({
        path: `/emails/${enc(emailId)}/replies/${enc(replyId)}`,
        method: 'DELETE',
        handled: true,
      }),
      invalidatesTags: draftWritten,
    }),
  }),
});

export const { useEmailRepliesQuery, useReplyAddressesQuery, useSaveReplyDraftMutation, useDeleteReplyDraftMutation } =
  replyApi;

/** The pushes that make an email's replies stale. */
export const REPLY_PUSHES: readonly string[] = [replyChanged.type, connected.type];

/**
 * What a push makes stale: a reply's change its email's replies (the list is loaded again, as the server has it after
 * the change); a socket that (re)connects may have missed pushes: every cached list of replies.
 */
export function replyTagsOf(action: Action): ReplyTag[] {
  if (replyChanged.match(action)) return [repliesOf(action.payload.emailId)];
  if (connected.match(action)) return ['Reply'];
  return [];
}

/** The email's replies are stale: after this session sent a reply (its draft is gone, the reply is queued). */
export const repliesChanged = (emailId: string) => replyApi.util.invalidateTags([repliesOf(emailId)]);
