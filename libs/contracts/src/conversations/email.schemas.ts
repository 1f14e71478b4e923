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

/**
 * How the inbox, search and My Tasks list: `emails` (default, the spec's one row per email) or `conversations`
 * (one row per conversation: its latest email matching the list, with `conversation` filled in). The web sends
 * `conversations` when the person's "Use conversation threads" setting is on.
 */
export const LIST_VIEWS = ['emails', 'conversations'] as const;
export type ListView = (typeof LIST_VIEWS)[number];
export const ZListViewQuery = z.object({ view: z.enum(LIST_VIEWS).default('emails') });
export type TListViewQuery = z.infer<typeof ZListViewQuery>;

/**
 * What a change of an email acts on: the email (default) or every email of its conversation (`scope=conversation`),
 * each through its own command and event.
 */
export const WORK_SCOPES = ['email', 'conversation'] as const;
export type WorkScope = (typeof WORK_SCOPES)[number];
export const ZWorkScopeQuery = z.object({ scope: z.enum(WORK_SCOPES).default('email') });
export type TWorkScopeQuery = z.infer<typeof ZWorkScopeQuery>;

/** A conversation's participant: the sender of one of its emails. */
export interface ConversationParticipant {
  name: string | null;
  email: string;
}

/** The conversation a row of a conversation list stands for. */
export interface EmailConversation {
  /** The thread's id (the id of one of its emails; it changes when two threads merge). */
  id: string;
  /** Received emails in the conversation (the team's replies are not counted). */
  messageCount: number;
  /** The distinct senders, the latest first. */
  participants: ConversationParticipant[];
}

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
  /** Until when the email is snoozed (out of the inbox, in the `snoozed` folder); null when it is not. */
  snoozedUntil?: string | null;
  /** Only in a list with `view=conversations`: the conversation this row (its latest matching email) stands for. */
  conversation?: EmailConversation;
}

export interface Page<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
}
