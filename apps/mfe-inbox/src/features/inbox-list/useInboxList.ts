import { useEffect, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Email } from '@teaminbox/contracts';
import {
  selectCurrentUser,
  useAppSelector,
  useInboxEmailsQuery,
  useStarredEmailsQuery,
  useUnreadCountQuery,
  type InboxPageArgs,
} from '@teaminbox/web-store';
import { selectInbox } from './inboxListSlice';
import { useListView } from './listView';

const NONE: Email[] = [];
const NO_IDS: string[] = [];

export interface InboxList {
  /** The rows of the page on screen (the last page loaded while the next one loads). */
  emails: Email[];
  totalPages: number;
  totalElements: number;
  /** A page is being loaded. */
  loading: boolean;
  /** A page was loaded (or failed to load) once: the list is no longer waiting for its first rows. */
  loaded: boolean;
  /** The ids of the rows on screen the caller starred. */
  starred: string[];
}

/**
 * The page of the inbox the screen shows, from the api cache (`inboxEmails`): its view from the person's settings,
 * its folder, page, search and filters from the inbox slice; nothing is asked before the page is open, the user has
 * a team and the view is known. A load failure is only logged: the rows shown before stay. The unread count and the
 * stars of the rows on screen come with it. `fresh` (the page itself) loads the list anew whenever it opens, shows
 * another page or is asked for a page again (`pageRequested`); other readers of the same page share its cache entry.
 */
export function useInboxList({ fresh = false }: { fresh?: boolean } = {}): InboxList {
  const { shown, folder, filters, page, size, search, requests } = useAppSelector(selectInbox);
  const teamId = useAppSelector(selectCurrentUser)?.teamId ?? null;
  const view = useListView();
  const args: InboxPageArgs | typeof skipToken =
    shown && teamId && view ? { view, folder, page, size, search, filters } : skipToken;
  const ready = args !== skipToken;
  const list = useInboxEmailsQuery(args, { refetchOnMountOrArgChange: fresh });
  const count = useUnreadCountQuery(ready ? undefined : skipToken, { refetchOnMountOrArgChange: fresh });
  // A page asked for again is loaded again, with the count (a page asked for anew is loaded by its new arguments).
  const answered = useRef(requests);
  const { refetch: reloadList } = list;
  const { refetch: reloadCount } = count;
  useEffect(() => {
    if (!fresh || !ready || answered.current === requests) return;
    answered.current = requests;
    void reloadList();
    void reloadCount();
  }, [fresh, ready, requests, reloadList, reloadCount]);
  const emails = list.data?.content ?? NONE;
  const ids = emails.map((email) => email.id);
  const { data: starred = NO_IDS } = useStarredEmailsQuery(ids.length > 0 ? ids : skipToken, {
    refetchOnMountOrArgChange: fresh,
  });
  return {
    emails,
    totalPages: list.data?.totalPages ?? 0,
    totalElements: list.data?.totalElements ?? 0,
    loading: list.isFetching || list.isUninitialized,
    loaded: list.data !== undefined || list.isError,
    starred,
  };
}
