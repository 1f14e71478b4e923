import type { Action } from '@reduxjs/toolkit';
import type { ConversationChangeResult } from '@teaminbox/contracts';
import type { SagaIterator } from 'redux-saga';
import { put } from 'redux-saga/effects';
import { webApi } from './api';
import { emailUpdated } from './events';

const enc = encodeURIComponent;

/** The cached lists and details a merge or a split changes: the inbox and My Tasks pages, the open emails. */
const CONVERSATION_TAGS = ['InboxList', 'MyTasks', 'EmailDetail'] as const;

/**
 * Merging conversations (POST /conversations/merge: the conversations of the emails named join the first one's) and
 * splitting an email out of its conversation (POST /emails/{id}/split), docs/collaboration.md. Both are `handled`: the
 * screens raise their own notices. A change that succeeded is told to the screens as a change of each email of the
 * conversation it answers and each it named (`emailUpdated` with `conversationChanged`), as the server's push tells
 * every member: such a change invalidates the inbox and My Tasks pages and the email details (`followConversationPush`),
 * and an open email loads its thread again.
 */
export const conversationsApi = webApi.enhanceEndpoints({ addTagTypes: [...CONVERSATION_TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    mergeConversations: build.mutation<ConversationChangeResult, string[]>({
      query: (emailIds) => ({ path: '/conversations/merge', method: 'POST', body: { emailIds }, handled: true }),
      onQueryStarted: changed,
    }),
    splitEmail: build.mutation<ConversationChangeResult, string>({
      query: (emailId) => ({ path: `/emails/${enc(emailId)}/split`, method: 'POST', handled: true }),
      onQueryStarted: changed,
    }),
  }),
});

/** After a change: every email of the conversations it touched is a changed email for the screens showing it. */
async function changed(
  arg: string | string[],
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: Action) => unknown; queryFulfilled: Promise<{ data: ConversationChangeResult }> },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    const ids = new Set([...(Array.isArray(arg) ? arg : [arg]), ...data.emailIds]);
    for (const id of ids) dispatch(emailUpdated({ id, conversationChanged: true, actorUserId: null }));
  } catch {
    // The screen that asked shows the failure.
  }
}

export const { useMergeConversationsMutation, useSplitEmailMutation } = conversationsApi;

/** A pushed change of an email's conversation (another member merged or split): the lists and details load again. */
export const isConversationPush = (action: unknown): action is ReturnType<typeof emailUpdated> =>
  emailUpdated.match(action) && action.payload.conversationChanged === true;

export function* followConversationPush(): SagaIterator {
  yield put(conversationsApi.util.invalidateTags([...CONVERSATION_TAGS]));
}
