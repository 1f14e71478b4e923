import type { Comment, ConversationEmailRef } from '@teaminbox/contracts';
import {
  TEAM_LIST_MAX_AGE_S,
  useConversationCommentsQuery,
  useEmailCommentsQuery,
  useNotificationSettingsQuery,
} from '@teaminbox/web-store';

/** A comment the detail shows; `email` names the message of the conversation it was written on (shared comments). */
export type DetailComment = Comment & { email?: ConversationEmailRef };

const NONE: DetailComment[] = [];

/**
 * The internal comments the detail of an email shows: with the person's "Share internal comments within a thread" on
 * (the default, also while the settings cannot be loaded), those of every email of its conversation, oldest first;
 * off, the email's own. Loaded afresh whenever the detail opens; a list that cannot be loaded is empty.
 */
export function useDetailComments(emailId: string): DetailComment[] {
  const settings = useNotificationSettingsQuery(undefined, { refetchOnMountOrArgChange: TEAM_LIST_MAX_AGE_S });
  const known = settings.isSuccess || settings.isError;
  const shared = settings.data?.shareCommentsAcrossThread ?? true;
  const own = useEmailCommentsQuery(emailId, { skip: !known || shared, refetchOnMountOrArgChange: true });
  const conversation = useConversationCommentsQuery(emailId, {
    skip: !known || !shared,
    refetchOnMountOrArgChange: true,
  });
  if (!known) return NONE;
  return (shared ? conversation.currentData?.comments : own.currentData) ?? NONE;
}
