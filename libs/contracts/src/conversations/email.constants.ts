/**
 * The inbox's plain values, kept apart from the schemas (and from zod) so that the web's first load can use them
 * without the schema library.
 */
export const FOLDERS = ['inbox', 'unread', 'my-tasks', 'archived', 'spam'] as const;

export const PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const EMAIL_STATUSES = ['NEW', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
