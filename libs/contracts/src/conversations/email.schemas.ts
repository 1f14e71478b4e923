import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  FOLDERS,
  LIST_DEPTH_ISSUE,
  MAX_PAGE_SIZE,
  withinListDepth,
  type EmailStatus,
  type Priority,
} from './email.constants';

export * from './email.constants';

export const ZFolder = z.enum(FOLDERS);
export type Folder = z.infer<typeof ZFolder>;

/** The filters of the inbox lists (GET /emails and the inbox's own filter state). */
export const inboxFilterShape = {
  /** 'all' (default), 'unassigned', 'me' (the caller) or a member's user id. */
  assignee: z.union([z.enum(['all', 'unassigned', 'me']), z.uuid()]).optional(),
  /** A label id of the team. */
  label: z.uuid().optional(),
  /** true: unread emails only. */
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
};

export const ZListEmailsQuery = z
  .object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    folder: ZFolder.default('inbox'),
    status: z.string().max(40).optional(),
    priority: z.string().max(40).optional(),
    /** Full-text search; the total of a search is capped at 1,000 (SEARCH_COUNT_LIMIT in the API: 1,000 means "1,000 or more"). */
    search: z.string().max(500).optional(),
    ...inboxFilterShape,
  })
  .refine(withinListDepth, LIST_DEPTH_ISSUE);
export type TListEmailsQuery = z.infer<typeof ZListEmailsQuery>;

export interface EmailAttachment {
  id: string;
  filename: string;
  size: number;
  contentType: string;
  /** The part's Content-ID without angle brackets (what `cid:` URLs in the HTML body name); absent in older events. */
  contentId?: string | null;
  /** True for a part shown inside the body (Content-Disposition inline or part of multipart/related). */
  inline?: boolean;
}

/** An email as the inbox list and the detail read it. */
export interface Email {
  id: string;
  teamId: string;
  subject: string;
  body: string;
  htmlBody: string | null;
  fromName: string | null;
  fromEmail: string;
  to: string[];
  cc: string[];
  receivedAt: string;
  read: boolean;
  readAt: string | null;
  readBy: string | null;
  isArchived: boolean;
  isSpam: boolean;
  priority: Priority;
  status: EmailStatus;
  assignedTo: string | null;
  labels: string[];
  attachments: EmailAttachment[];
}

export interface Page<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
}
