import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Merging conversations (POST /conversations/merge) and splitting an email out (POST /emails/{id}/split)
 * ---------------------------------------------------------------------------------------------- */

/** At most this many emails (one per conversation) are merged by one call. */
export const MERGE_MAX_EMAILS = 100;

export const MERGE_TOO_FEW_MESSAGE = 'Choose at least two conversations to merge';
export const MERGE_TOO_MANY_MESSAGE = `At most ${MERGE_MAX_EMAILS} conversations can be merged at once`;
export const MERGE_ALREADY_ONE_MESSAGE = 'These emails are already one conversation';
export const SPLIT_ALONE_MESSAGE = 'The email is already a conversation of its own';

/**
 * POST /conversations/merge: each email names its conversation (any email of it, e.g. the list row's); the others join
 * the conversation of the first one.
 */
export const ZMergeConversationsRequest = z.object({
  emailIds: z
    .array(z.uuid('emailIds must be the ids of emails'), { error: MERGE_TOO_FEW_MESSAGE })
    .min(2, MERGE_TOO_FEW_MESSAGE)
    .max(MERGE_MAX_EMAILS, MERGE_TOO_MANY_MESSAGE),
});
export type TMergeConversationsRequest = z.infer<typeof ZMergeConversationsRequest>;

/** The answer of a merge or a split: the conversation the email named first (or split out) belongs to now. */
export interface ConversationChangeResult {
  /** The conversation's id (the thread id a list row carries in `conversation.id`). */
  conversationId: string;
  /** Its emails, oldest first. */
  emailIds: string[];
}

/**
 * On the team's stream `conversations-<teamId>`: a member merged conversations. The conversations of `threadIds` (in
 * the order their emails were named) became the one of `intoThreadId`, the conversation of `emailId` (the first
 * email named). `emailIds` are the emails named, one per conversation.
 */
export interface ConversationsMerged {
  teamId: string;
  emailId: string;
  intoThreadId: string;
  threadIds: string[];
  emailIds: string[];
  by: string;
  /**
   * Every email of the conversations merged, as the thread read model held them when the merge was decided: the
   * emails whose history shows the merge. Absent in merges recorded before it was kept.
   */
  conversationEmailIds?: string[];
}

/**
 * On the team's stream `conversations-<teamId>`: a member split an email out of its conversation (`fromThreadId`)
 * into a conversation of its own (`newThreadId`).
 */
export interface EmailSplitFromConversation {
  teamId: string;
  emailId: string;
  fromThreadId: string;
  newThreadId: string;
  by: string;
  /**
   * Every email of the conversation it left, itself included, as the thread read model held them when the split was
   * decided: the emails whose history shows the split. Absent in splits recorded before it was kept.
   */
  conversationEmailIds?: string[];
}
