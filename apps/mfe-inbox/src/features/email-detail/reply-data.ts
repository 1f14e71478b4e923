import { useEffect } from 'react';
import type { Reply, ReplyAddresses } from '@teaminbox/contracts';
import { useAppDispatch, useAppSelector, useEmailRepliesQuery, useReplyAddressesQuery } from '@teaminbox/web-store';
import { replyAddressesLoaded, selectReply } from './replySlice';

const NONE: Reply[] = [];

/**
 * The email's saved drafts, oldest first, from the api cache (`emailReplies`): loaded afresh whenever the form opens,
 * again when a member's push or this form's own save, deletion or send changed them; a list that cannot be loaded is
 * empty.
 */
export function useReplyDrafts(emailId: string): Reply[] {
  const { currentData = NONE } = useEmailRepliesQuery(emailId, { refetchOnMountOrArgChange: true });
  return currentData.filter((reply) => reply.status === 'DRAFT');
}

/**
 * Whom a reply and a reply to all go to (`replyAddresses` of the api cache; undefined until known, or when they cannot
 * be loaded: the form then answers From). Once they are known for the form set up for this email, a reply not yet
 * begun goes to them.
 */
export function useReplyAddresses(emailId: string): ReplyAddresses | undefined {
  const dispatch = useAppDispatch();
  const { formFor } = useAppSelector(selectReply);
  const { currentData: addresses } = useReplyAddressesQuery(emailId, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (addresses && formFor === emailId) dispatch(replyAddressesLoaded({ emailId, addresses }));
  }, [dispatch, addresses, formFor, emailId]);
  return addresses;
}
