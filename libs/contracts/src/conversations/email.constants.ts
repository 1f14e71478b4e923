/**
 * The inbox's plain values, kept apart from the schemas (and from zod) so that the web's first load can use them
 * without the schema library.
 */
export const FOLDERS = ['inbox', 'unread', 'my-tasks', 'archived', 'spam', 'snoozed'] as const;

export const PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const EMAIL_STATUSES = ['NEW', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Lists read at most this many emails deep (page x size): beyond it, narrow the list with filters or search. */
export const MAX_LIST_DEPTH = 10_000;
export const LIST_TOO_DEEP_MESSAGE = `Pages go ${MAX_LIST_DEPTH} emails deep at most: narrow the list with a filter or a search.`;
/** Characters of `body` in lists, search, My Tasks and the new-email push (a preview; the detail has the text). */
export const EMAIL_PREVIEW_LENGTH = 200;

/** The check of a paged query's depth (page x size), shared by the list, search and My Tasks queries. */
export const withinListDepth = (query: { page: number; size: number }) =>
  (query.page + 1) * query.size <= MAX_LIST_DEPTH;
export const LIST_DEPTH_ISSUE = { message: LIST_TOO_DEEP_MESSAGE, path: ['page'] };
