import type { Action, ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { put, select } from 'redux-saga/effects';
import type {
  Email,
  EmailChange,
  EmailDetail,
  EmailStar,
  Folder,
  Label,
  ListView,
  Page,
  SuccessMessageResponse,
  WorkScope,
} from '@teaminbox/contracts';
import { webApi, type ApiFailure } from './api';
import { logFailure } from './api-failure';
import { emailArrived, emailUpdated, unreadCountChanged } from './events';

const enc = encodeURIComponent;

/** The inbox filters: assignee 'all' | 'unassigned' | 'me' | a member's id; a label id or 'all'; unread only. */
export interface InboxFilters {
  assignee: string;
  label: string;
  unread: boolean;
}

export const NO_INBOX_FILTERS: InboxFilters = { assignee: 'all', label: 'all', unread: false };

/** One page of the inbox list as a screen asks for it (GET /emails): a search of '' is none. */
export interface InboxPageArgs {
  view: ListView;
  folder: Folder;
  /** From 0, as the API counts. */
  page: number;
  size: number;
  search: string;
  filters: InboxFilters;
}

/** One page of My Tasks (GET /emails/my-tasks): a status, priority or search left out is no filter. */
export interface MyTasksArgs {
  view: ListView;
  page: number;
  size: number;
  status?: string;
  priority?: string;
  search?: string;
}

/** What the selection bar (and the keyboard on one row) does to several rows at once. */
export type BulkAction = 'markRead' | 'markUnread' | 'archive' | 'spam';

/** One row a bulk action acts on: a conversation row acts on its whole conversation. */
export interface BulkRow {
  id: string;
  scope: WorkScope;
}

const BULK_PATHS: Record<BulkAction, string> = {
  markRead: 'read',
  markUnread: 'unread',
  archive: 'archive',
  spam: 'spam',
};

/** `?scope=conversation` when a change acts on the email's whole conversation (a conversation row's action). */
const scoped = (scope: WorkScope) => (scope === 'conversation' ? { scope } : undefined);

/** The cache entry's own tag id: one page of one list, so that a push can load exactly that page again. */
export const inboxPageKey = (args: InboxPageArgs): string =>
  JSON.stringify([
    args.view,
    args.folder,
    args.page,
    args.size,
    args.search,
    args.filters.assignee,
    args.filters.label,
    args.filters.unread,
  ]);

export const myTasksKey = (args: MyTasksArgs): string =>
  JSON.stringify([args.view, args.page, args.size, args.status ?? '', args.priority ?? '', args.search ?? '']);

/**
 * Whether an email still belongs in a folder after a change, as the server's folders say (a snoozed email is only in
 * the snoozed folder until it wakes; my-tasks depends on the user: left as is).
 */
export function belongsTo(folder: Folder, email: Email): boolean {
  const snoozed = Boolean(email.snoozedUntil);
  switch (folder) {
    case 'inbox':
      return !email.isArchived && !email.isSpam && !snoozed;
    case 'unread':
      return !email.isArchived && !email.isSpam && !snoozed && !email.read;
    case 'archived':
      return email.isArchived && !email.isSpam && !snoozed;
    case 'spam':
      return email.isSpam;
    case 'snoozed':
      return snoozed && !email.isSpam;
    default:
      return true;
  }
}

/**
 * Whether an email pushed as new belongs in a list: its folder and filters must match. A search (full text, on the
 * server) and the caller's own tasks (the cache does not know the caller) cannot be checked here, so a new email does
 * not join those lists; the next load shows it if it belongs.
 */
export function arrivalBelongs(list: Pick<InboxPageArgs, 'folder' | 'filters' | 'search'>, email: Email): boolean {
  const { folder, filters, search } = list;
  if (search.trim() || folder === 'my-tasks' || !belongsTo(folder, email)) return false;
  const assignee = filters.assignee;
  if (assignee === 'me') return false;
  if (assignee === 'unassigned' && email.assignedTo) return false;
  if (assignee !== 'all' && assignee !== 'unassigned' && email.assignedTo !== assignee) return false;
  if (filters.label !== 'all' && !(email.labels ?? []).includes(filters.label)) return false;
  return !(filters.unread && email.read);
}

const pagesFor = (total: number, size: number) => Math.ceil(total / size);

/**
 * The inbox list, My Tasks and the emails they show (spec core-inbox section 7, admin-and-personal My Tasks), one
 * cache each:
 * - a page of the inbox (`inboxEmails`, one entry per view, folder, page, size, search and filters) and the team's
 *   unread count (`unreadCount`): load failures are only logged (the spec's silent cases);
 * - which emails on screen the caller starred (`starredEmails`, a failure is logged) and the star itself (`setStar`);
 * - a page of My Tasks (`myTasks`) and one email with its body (`emailDetail`, My Tasks' detail pane);
 * - the rows' changes: `assignEmail`, `labelEmail` (the list follows their pushes), `bulkEmailAction` (one call per
 *   row, answering how many failed; the lists and the count are loaded again) and `createSampleEmails`.
 * Every call but the sample emails' is `handled`: the screens raise the spec's notices from the outcomes.
 * Socket pushes change what is cached (`inboxUpdatesOf`).
 */
export const inboxApi = webApi
  .enhanceEndpoints({ addTagTypes: ['InboxList', 'UnreadCount', 'MyTasks', 'EmailDetail', 'Stars'] })
  .injectEndpoints({
    endpoints: (build) => ({
      inboxEmails: build.query<Page<Email>, InboxPageArgs>({
        query: ({ view, folder, page, size, search, filters }) => ({
          path: '/emails',
          query: {
            folder,
            view,
            page,
            size,
            search: search || undefined,
            assignee: filters.assignee === 'all' ? undefined : filters.assignee,
            label: filters.label === 'all' ? undefined : filters.label,
            unread: filters.unread || undefined,
          },
          handled: true,
        }),
        providesTags: (_result, _error, args) => [{ type: 'InboxList', id: inboxPageKey(args) }],
        onQueryStarted: logFailure('the inbox list could not be loaded'),
      }),
      unreadCount: build.query<number, void>({
        query: () => ({ path: '/emails/unread/count', handled: true }),
        transformResponse: (count: unknown) => Number(count),
        providesTags: ['UnreadCount'],
        onQueryStarted: logFailure('the unread count could not be loaded'),
      }),
      /** Which of these emails (the rows on screen) the caller starred. */
      starredEmails: build.query<string[], string[]>({
        query: (ids) => ({ path: '/emails/starred', query: { ids: ids.join(',') }, handled: true }),
        providesTags: (_result, _error, ids) => ids.map((id) => ({ type: 'Stars' as const, id })),
        async onQueryStarted(_ids, { queryFulfilled }) {
          try {
            await queryFulfilled;
          } catch (failed) {
            console.warn('Stars not loaded', (failed as { error?: ApiFailure }).error ?? failed);
          }
        },
      }),
      /**
       * The caller's star on an email, on or off; every cached set of stars holding the email follows. A set still
       * loading when the star is set may have been read before it: it is loaded once more after it lands.
       */
      setStar: build.mutation<EmailStar, { id: string; on: boolean }>({
        query: ({ id, on }) => ({ path: `/emails/${enc(id)}/${on ? 'star' : 'unstar'}`, method: 'PUT', handled: true }),
        async onQueryStarted({ id, on }, { dispatch, getState, queryFulfilled }) {
          const done = await queryFulfilled.then(
            () => true,
            () => false,
          );
          if (!done) return;
          for (const ids of cachedStarSets(getState())) {
            if (!ids.includes(id)) continue;
            const cached = inboxApi.endpoints.starredEmails.select(ids)(getState());
            if (cached.status === 'pending') dispatch(inboxApi.util.invalidateTags([{ type: 'Stars', id }]));
            if (cached.data === undefined) continue;
            dispatch(
              inboxApi.util.updateQueryData('starredEmails', ids, (starred) =>
                on ? (starred.includes(id) ? starred : [...starred, id]) : starred.filter((other) => other !== id),
              ),
            );
          }
        },
      }),
      /** An empty user id unassigns. */
      assignEmail: build.mutation<Email, { id: string; assignedTo: string; scope: WorkScope }>({
        query: ({ id, assignedTo, scope }) => ({
          path: `/emails/${enc(id)}/assign`,
          method: 'PUT',
          query: scoped(scope),
          body: { assignedTo },
          handled: true,
        }),
      }),
      labelEmail: build.mutation<Email, { id: string; label: Label; scope: WorkScope }>({
        query: ({ id, label, scope }) => ({
          path: `/emails/${enc(id)}/labels`,
          method: 'POST',
          query: scoped(scope),
          body: label,
          handled: true,
        }),
      }),
      /** One call per row (each runs the email's own command); answers how many of them failed. */
      bulkEmailAction: build.mutation<{ failed: number }, { action: BulkAction; rows: BulkRow[] }>({
        async queryFn({ action, rows }, _api, _extra, baseQuery) {
          const results = await Promise.all(
            rows.map((row) =>
              baseQuery({
                path: `/emails/${enc(row.id)}/${BULK_PATHS[action]}`,
                method: 'PUT',
                query: scoped(row.scope),
                handled: true,
              }),
            ),
          );
          return { data: { failed: results.filter((result) => result.error).length } };
        },
        invalidatesTags: ['InboxList', 'UnreadCount'],
      }),
      /**
       * Snooze (PUT /emails/{id}/snooze, docs/time.md) of every row until one time, one call per row (a conversation
       * row snoozes its conversation); answers how many of them failed.
       */
      bulkSnooze: build.mutation<{ failed: number }, { until: string; rows: BulkRow[] }>({
        async queryFn({ until, rows }, _api, _extra, baseQuery) {
          const results = await Promise.all(
            rows.map((row) =>
              baseQuery({
                path: `/emails/${enc(row.id)}/snooze`,
                method: 'PUT',
                query: scoped(row.scope),
                body: { until },
                handled: true,
              }),
            ),
          );
          return { data: { failed: results.filter((result) => result.error).length } };
        },
        invalidatesTags: ['InboxList', 'UnreadCount'],
      }),
      /** A failure raises the client's error notice; a refusal ({success: false}) is the screen's to show. */
      createSampleEmails: build.mutation<SuccessMessageResponse, void>({
        query: () => ({ path: '/emails/sample', method: 'POST' }),
        invalidatesTags: (_result, error) => (error ? [] : ['InboxList', 'UnreadCount']),
      }),
      myTasks: build.query<Page<Email>, MyTasksArgs>({
        query: (args) => ({
          path: '/emails/my-tasks',
          query: {
            view: args.view,
            page: args.page,
            size: args.size,
            status: args.status,
            priority: args.priority,
            search: args.search,
          },
          handled: true,
        }),
        providesTags: (_result, _error, args) => [{ type: 'MyTasks', id: myTasksKey(args) }],
      }),
      emailDetail: build.query<EmailDetail, string>({
        query: (id) => ({ path: `/emails/${enc(id)}`, handled: true }),
        providesTags: (_result, _error, id) => [{ type: 'EmailDetail', id }],
      }),
    }),
  });

export const {
  useInboxEmailsQuery,
  useUnreadCountQuery,
  useStarredEmailsQuery,
  useSetStarMutation,
  useAssignEmailMutation,
  useLabelEmailMutation,
  useBulkEmailActionMutation,
  useBulkSnoozeMutation,
  useCreateSampleEmailsMutation,
  useMyTasksQuery,
  useEmailDetailQuery,
} = inboxApi;

type CacheState = Parameters<typeof inboxApi.util.selectCachedArgsForQuery>[0];
/** What a push dispatches: a patch of a cached answer (a thunk) or an invalidation. */
export type InboxUpdate = Action | ThunkAction<unknown, CacheState, unknown, UnknownAction>;

const pending = (status: string) => status === 'pending';

/**
 * The sets of ids whose stars are cached. Not `selectCachedArgsForQuery`: it flattens array arguments into one list
 * of ids.
 */
function cachedStarSets(state: CacheState): string[][] {
  return Object.values(state[inboxApi.reducerPath].queries).flatMap((entry) =>
    entry?.endpointName === 'starredEmails' && entry.status !== 'uninitialized' ? [entry.originalArgs as string[]] : [],
  );
}

/** A new email on each cached page of the inbox it belongs to. */
function arrivalUpdates(state: CacheState, email: Email): InboxUpdate[] {
  const updates: InboxUpdate[] = [];
  for (const args of inboxApi.util.selectCachedArgsForQuery(state, 'inboxEmails')) {
    const entry = inboxApi.endpoints.inboxEmails.select(args)(state);
    if (!arrivalBelongs(args, email) || entry.data?.content.some((row) => row.id === email.id)) continue;
    const again = inboxApi.util.invalidateTags([{ type: 'InboxList', id: inboxPageKey(args) }]);
    // A conversation list does not know the new email's conversation (it may join one listed, or move it up).
    if (args.view === 'conversations') {
      updates.push(again);
      continue;
    }
    if (entry.data) {
      updates.push(
        inboxApi.util.updateQueryData('inboxEmails', args, (page) => {
          page.totalElements += 1;
          page.totalPages = pagesFor(page.totalElements, args.size);
          // On a later page only the totals change: the new email belongs to an earlier page.
          if (args.page > 0) return;
          // A new email goes first; one pushed late keeps the list's newest-first order. The page keeps its size.
          const at = page.content.findIndex((row) => row.receivedAt <= email.receivedAt);
          if (at === -1) page.content.push(email);
          else page.content.splice(at, 0, email);
          if (page.content.length > args.size) page.content.length = args.size;
        }),
      );
    }
    // A load under way may have read the page before the email came: it is loaded once more when it lands.
    if (pending(entry.status)) updates.push(again);
  }
  return updates;
}

/**
 * A changed email on each cached page of the inbox. An email that woke (`woken`) is listed on top again: a first page
 * that does not show it and whose folder it now belongs to is loaded again.
 */
function listChangeUpdates(state: CacheState, change: Omit<EmailChange, 'actorUserId'>, woken = false): InboxUpdate[] {
  const updates: InboxUpdate[] = [];
  for (const args of inboxApi.util.selectCachedArgsForQuery(state, 'inboxEmails')) {
    const entry = inboxApi.endpoints.inboxEmails.select(args)(state);
    const row = entry.data?.content.find((email) => email.id === change.id);
    const again = inboxApi.util.invalidateTags([{ type: 'InboxList', id: inboxPageKey(args) }]);
    if (!row && woken && args.page === 0 && entry.data && belongsTo(args.folder, change as Email)) {
      updates.push(again);
      continue;
    }
    if (row) {
      const changed = { ...row, ...change };
      // A conversation row whose email leaves the folder (someone archived only the latest email) still stands for
      // the rest of its conversation: the server says which email now heads it, or that none is left.
      const headsOthers = args.view === 'conversations' && (row.conversation?.messageCount ?? 1) > 1;
      const leaves = !belongsTo(args.folder, changed) && !headsOthers;
      updates.push(
        inboxApi.util.updateQueryData('inboxEmails', args, (page) => {
          const index = page.content.findIndex((email) => email.id === change.id);
          if (index === -1) return;
          if (!leaves) {
            Object.assign(page.content[index], change);
            return;
          }
          page.content.splice(index, 1);
          page.totalElements = Math.max(0, page.totalElements - 1);
          page.totalPages = pagesFor(page.totalElements, args.size);
        }),
      );
      if (!belongsTo(args.folder, changed) && headsOthers) {
        updates.push(again);
        continue;
      }
    }
    // A load under way may have read the page before the change (a rule labelling a new email, a member archiving
    // a row on screen): the answer would lose it, so the page is loaded once more when it lands.
    if (pending(entry.status)) updates.push(again);
  }
  return updates;
}

/** A changed email on each cached page of My Tasks and in its cached detail (both stay where they are). */
function taskChangeUpdates(state: CacheState, change: Omit<EmailChange, 'actorUserId'>): InboxUpdate[] {
  const updates: InboxUpdate[] = [];
  for (const args of inboxApi.util.selectCachedArgsForQuery(state, 'myTasks')) {
    const entry = inboxApi.endpoints.myTasks.select(args)(state);
    if (entry.data?.content.some((email) => email.id === change.id)) {
      updates.push(
        inboxApi.util.updateQueryData('myTasks', args, (page) => {
          const task = page.content.find((email) => email.id === change.id);
          if (task) Object.assign(task, change);
        }),
      );
    }
    if (pending(entry.status)) updates.push(inboxApi.util.invalidateTags([{ type: 'MyTasks', id: myTasksKey(args) }]));
  }
  for (const id of inboxApi.util.selectCachedArgsForQuery(state, 'emailDetail')) {
    if (id !== change.id) continue;
    const entry = inboxApi.endpoints.emailDetail.select(id)(state);
    if (entry.data) {
      updates.push(
        inboxApi.util.updateQueryData('emailDetail', id, (detail) => {
          Object.assign(detail, change);
        }),
      );
    }
    if (pending(entry.status)) updates.push(inboxApi.util.invalidateTags([{ type: 'EmailDetail', id }]));
  }
  return updates;
}

/**
 * What an action makes of the cached inbox data:
 * - a new email (`emailArrived`) goes on the cached pages it belongs to (the first page lists it, later pages count
 *   it); a conversation list is loaded again instead, since only the server knows its conversation;
 * - a changed email (`emailUpdated`) is changed on every cached page, task and detail showing it; a row that no
 *   longer belongs to its folder leaves its page and the total, except a conversation row that still stands for other
 *   emails: that page is loaded again;
 * - a pushed unread count replaces the cached one.
 * A page (or count, task page, detail) still loading when a push comes may have been read before the change: it is
 * loaded once more after it lands (the cache delays an invalidation until the loads under way have settled), so its
 * answer cannot undo the change.
 */
export function inboxUpdatesOf(state: CacheState, action: Action): InboxUpdate[] {
  if (emailArrived.match(action)) return arrivalUpdates(state, action.payload);
  if (emailUpdated.match(action)) {
    // Whose change it was, and whether it moved the email to another conversation (see conversations.api), are not
    // fields of the email.
    const { actorUserId: _actor, conversationChanged: _moved, woken, ...change } = action.payload;
    return [...listChangeUpdates(state, change, woken), ...taskChangeUpdates(state, change)];
  }
  if (unreadCountChanged.match(action)) {
    const entry = inboxApi.endpoints.unreadCount.select()(state);
    if (entry.isUninitialized) return [];
    const count = action.payload;
    return [
      ...(entry.data === undefined ? [] : [inboxApi.util.updateQueryData('unreadCount', undefined, () => count)]),
      ...(pending(entry.status) ? [inboxApi.util.invalidateTags(['UnreadCount'])] : []),
    ];
  }
  return [];
}

/** Whether an action may change the cached inbox data (see `inboxUpdatesOf`). */
export const isInboxPush = (action: unknown): action is Action =>
  emailArrived.match(action) || emailUpdated.match(action) || unreadCountChanged.match(action);

/** Keeps the cached inbox data true to a push (see `inboxUpdatesOf`). */
export function* followInboxPush(action: Action): SagaIterator {
  const state: CacheState = yield select();
  for (const update of inboxUpdatesOf(state, action)) yield put(update as Action);
}
