import { z } from 'zod';
import {
  EMAIL_STATUSES,
  PRIORITIES,
  type Email,
  type EmailStatus,
  inboxFilterShape,
  LIST_DEPTH_ISSUE,
  type Priority,
  withinListDepth,
} from './email.schemas';

/* ------------------------------------------------------------------------------------------------
 * Inbox queries (GET /emails, /emails/search, /emails/my-tasks)
 * ---------------------------------------------------------------------------------------------- */

/**
 * Assignee filter of the inbox: 'all' (default), 'unassigned', 'me' (the caller), or a member's user id.
 * Label filter: a label id. Unread-only: `unread=true`.
 */
export const ZInboxFilters = z.object(inboxFilterShape);
export type TInboxFilters = z.infer<typeof ZInboxFilters>;

export const ZSearchEmailsQuery = z
  .object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(100).default(5),
    search: z.string().max(500).default(''),
  })
  .refine(withinListDepth, LIST_DEPTH_ISSUE);
export type TSearchEmailsQuery = z.infer<typeof ZSearchEmailsQuery>;

export const ZMyTasksQuery = z
  .object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(100).default(20),
    status: z.string().max(40).optional(),
    priority: z.string().max(40).optional(),
    search: z.string().max(500).optional(),
  })
  .refine(withinListDepth, LIST_DEPTH_ISSUE);
export type TMyTasksQuery = z.infer<typeof ZMyTasksQuery>;

/* ------------------------------------------------------------------------------------------------
 * Email detail
 * ---------------------------------------------------------------------------------------------- */

/** Which way a message of a thread went: received by the team's mailbox, or sent by the team. */
export type MessageDirection = 'incoming' | 'outgoing';

/**
 * GET /emails/{id}: the email with its HTML sanitized on the server (remote images blocked: their address moved
 * to `data-remote-src`), plus what the detail screen needs about the caller.
 */
export interface EmailDetail extends Email {
  /** How many remote images were blocked in htmlBody. */
  remoteImages: number;
  /** The caller muted notifications for this email. */
  muted: boolean;
  assignedToName: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  isAutoReply: boolean;
  isBounce: boolean;
  /** 'outgoing' for a conversation the team started (Compose), else 'incoming'. */
  direction: MessageDirection;
  /** The message's Date header as written, when it could not be used (the date shown is the server's instead). */
  dateHeader?: string | null;
  /** A conversation the team started: the member who wrote its first message (absent for a received email). */
  composedBy?: { userId: string; name: string | null } | null;
  /** A conversation the team started: its Bcc recipients, shown to the team (no header of the message names them). */
  bcc?: string[];
}

/** An item of GET /emails/{id}/thread: incoming emails and the team's sent replies, oldest first. */
export interface ThreadMessage extends Email {
  direction: MessageDirection;
  /** For outgoing messages: QUEUED, SENT or FAILED. */
  deliveryStatus?: 'QUEUED' | 'SENT' | 'FAILED';
}

/* ------------------------------------------------------------------------------------------------
 * Assignment, actions log
 * ---------------------------------------------------------------------------------------------- */

/** PUT /emails/{id}/assign: a member's user id, or '' (or null) to unassign. */
export const ZAssignRequest = z.object({
  assignedTo: z.union([z.uuid('Invalid user id'), z.literal(''), z.null()]),
});
export type TAssignRequest = z.infer<typeof ZAssignRequest>;

/** PUT /emails/{id}/status: a member resolves, closes or reopens the email. */
export const ZEmailStatusRequest = z.object({
  status: z.enum(EMAIL_STATUSES, { error: (issue) => `Unknown status '${String(issue.input)}'` }),
});
export type TEmailStatusRequest = z.infer<typeof ZEmailStatusRequest>;

/** PUT /emails/{id}/priority. */
export const ZEmailPriorityRequest = z.object({
  priority: z.enum(PRIORITIES, { error: (issue) => `Unknown priority '${String(issue.input)}'` }),
});
export type TEmailPriorityRequest = z.infer<typeof ZEmailPriorityRequest>;

export const EMAIL_ACTION_TYPES = [
  'ASSIGN',
  'UNASSIGN',
  'LABEL_ADDED',
  'LABEL_REMOVED',
  'ARCHIVED',
  'UNARCHIVED',
  'SPAM',
  'NOT_SPAM',
  'STATUS_CHANGED',
  'PRIORITY_CHANGED',
] as const;
export type EmailActionType = (typeof EMAIL_ACTION_TYPES)[number];

export interface EmailActionDetails {
  assignedTo?: string | null;
  assignedToName?: string | null;
  labelId?: string;
  labelName?: string;
  /** STATUS_CHANGED / PRIORITY_CHANGED: the new and the previous value. */
  status?: string;
  previousStatus?: string;
  priority?: string;
  previousPriority?: string;
  [key: string]: unknown;
}

/** Who did what an action log entry records: a member, a rule (by its name at the time) or the system. */
export type EmailActionActor =
  { kind: 'user'; userId: string } | { kind: 'rule'; ruleId: string; ruleName: string } | { kind: 'system' };

/** An entry of GET /emails/{id}/actions (oldest first). */
export interface EmailAction {
  id: string;
  type: EmailActionType;
  createdAt: string;
  actorUserId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  /** Who did it; a rule is named in actorName as "Rule '<name>'" (actorUserId is then null). */
  actor: EmailActionActor;
  details: EmailActionDetails;
}

/** POST /emails/{id}/actions (the spec's log payload); the server logs its own changes itself. */
export const ZLogActionRequest = z.object({
  type: z.enum(EMAIL_ACTION_TYPES),
  details: z.record(z.string().max(100), z.unknown()).optional().default({}),
  teamId: z.uuid().optional(),
});
export type TLogActionRequest = z.infer<typeof ZLogActionRequest>;

/* ------------------------------------------------------------------------------------------------
 * Stars (the inbox row's personal marker)
 * ---------------------------------------------------------------------------------------------- */

/** PUT /emails/{id}/star and /unstar answer the caller's star on the email. */
export interface EmailStar {
  emailId: string;
  starred: boolean;
}

/** GET /emails/starred?ids=a,b,c: which of these emails (at most 100) the caller starred. */
export const ZStarredQuery = z.object({
  ids: z
    .string()
    .max(100 * 37)
    .optional()
    .default('')
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.uuid('Invalid email id')).max(100)),
});

/* ------------------------------------------------------------------------------------------------
 * Comments
 * ---------------------------------------------------------------------------------------------- */

export const COMMENT_MAX_LENGTH = 10_000;

export const ZCommentRequest = z.object({
  message: z.string().trim().min(1, 'Comment is empty').max(COMMENT_MAX_LENGTH),
});
export type TCommentRequest = z.infer<typeof ZCommentRequest>;

export interface Comment {
  id: string;
  emailId: string;
  message: string;
  userId: string;
  userName: string | null;
  userEmail: string;
  /** Members mentioned with @ (resolved by the server from the message). */
  mentions: string[];
  createdAt: string;
  updatedAt: string | null;
}

/**
 * Which comments `GET /emails/{id}/comments` lists: `email` (the default, the spec's answer) the email's own, `conversation`
 * those of every email of the email's conversation (the person's "Share internal comments within a thread").
 */
export const COMMENT_SCOPES = ['email', 'conversation'] as const;
export type CommentScope = (typeof COMMENT_SCOPES)[number];
export const ZCommentListQuery = z.object({
  scope: z
    .enum(COMMENT_SCOPES, { error: (issue) => `Unknown comment scope '${String(issue.input)}'` })
    .default('email'),
});
export type TCommentListQuery = z.infer<typeof ZCommentListQuery>;

/** An email of a conversation as its comments are labelled: subject, sender and date. */
export interface ConversationEmailRef {
  id: string;
  subject: string;
  fromName: string | null;
  fromEmail: string;
  receivedAt: string;
}

/** A comment of a conversation, with the email it was written on. */
export interface ConversationComment extends Comment {
  email: ConversationEmailRef;
}

/**
 * `GET /emails/{id}/comments?scope=conversation`: the comments of every email of the conversation, oldest first, and
 * the ids of the conversation's emails (a comment pushed for any of them changes this list).
 */
export interface ConversationComments {
  emailIds: string[];
  comments: ConversationComment[];
}

/* ------------------------------------------------------------------------------------------------
 * Reply drafts
 * ---------------------------------------------------------------------------------------------- */

const draftAddressList = z.array(z.string().max(1000)).max(100);

/** POST /emails/{id}/replies (create a draft) and PUT /emails/{id}/replies/{replyId} (update it). */
export const ZReplyDraftRequest = z.object({
  to: draftAddressList.optional().default([]),
  cc: draftAddressList.optional().default([]),
  bcc: draftAddressList.optional().default([]),
  subject: z.string().max(998).optional().default(''),
  body: z.string().max(5_000_000).optional().default(''),
  htmlBody: z.string().max(5_000_000).nullable().optional(),
  isReplyToAll: z.boolean().optional().default(false),
});
export type TReplyDraftRequest = z.infer<typeof ZReplyDraftRequest>;

/** What a reply says and to whom: the same in a listed reply and in the event that saves a draft. */
export interface ReplyContent {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  htmlBody: string | null;
  isReplyToAll: boolean;
}

/** A reply as GET /emails/{id}/replies lists it: drafts (sentAt null, status DRAFT) and queued/sent replies. */
export interface Reply extends ReplyContent {
  id: string;
  emailId: string;
  teamId: string;
  from: string | null;
  createdAt: string;
  updatedAt: string | null;
  sentAt: string | null;
  status: 'DRAFT' | 'QUEUED' | 'SENT' | 'FAILED';
  error: string | null;
  authorId: string;
  authorName: string | null;
  authorEmail: string | null;
  attachments: { id?: string; fileName: string; contentType: string; size?: number }[];
}

/**
 * Collision safety: POST /emails/send-reply may carry `startedAt` (when the user began the reply). If a comment
 * or a reply by someone else arrived on the email after it and `confirmed` is not true, the server answers
 * 409 with this body and sends nothing.
 */
export interface ReplyCollision {
  success: false;
  message: string;
  collision: { comments: number; replies: number; since: string };
}

/* ------------------------------------------------------------------------------------------------
 * Labels
 * ---------------------------------------------------------------------------------------------- */

export const LABEL_COLORS = ['primary', 'secondary', 'success', 'danger', 'warning', 'info', 'light', 'dark'] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];
export const LABEL_BACKGROUNDS = ['light', 'solid'] as const;
export type LabelBackground = (typeof LABEL_BACKGROUNDS)[number];
export const LABEL_NAME_MAX_LENGTH = 50;

export interface Label {
  id: string;
  name: string;
  color: LabelColor;
  backgroundColor: LabelBackground;
  teamId: string;
  isDefault: boolean;
}

/** POST /email-labels, PUT /email-labels/{id}, and the label payload of POST /emails/{emailId}/labels. */
export const ZLabelRequest = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, 'Please enter a label name').max(LABEL_NAME_MAX_LENGTH),
  color: z.enum(LABEL_COLORS).optional().default('primary'),
  backgroundColor: z.enum(LABEL_BACKGROUNDS).optional().default('light'),
  teamId: z.uuid().optional(),
});
export type TLabelRequest = z.infer<typeof ZLabelRequest>;

/** Socket 'team.label.changed': a label of the team was created, changed or deleted (by any member). */
export type LabelChange = { kind: 'created' | 'updated'; label: Label } | { kind: 'deleted'; labelId: string };

/** POST /emails/{emailId}/labels: the label to add, by id (the rest of the label payload is accepted and ignored). */
export const ZAddLabelToEmailRequest = z.object({
  id: z.uuid('A label must be selected'),
});

/** The labels POST /email-labels/initialize creates when missing (isDefault true, undeletable). */
export const DEFAULT_LABELS: readonly { name: string; color: LabelColor; backgroundColor: LabelBackground }[] = [
  { name: 'Important', color: 'danger', backgroundColor: 'solid' },
  { name: 'Urgent', color: 'warning', backgroundColor: 'solid' },
  { name: 'Follow up', color: 'info', backgroundColor: 'light' },
  { name: 'Customer', color: 'primary', backgroundColor: 'light' },
  { name: 'Invoice', color: 'success', backgroundColor: 'light' },
  { name: 'Bug', color: 'dark', backgroundColor: 'light' },
];

/* ------------------------------------------------------------------------------------------------
 * Presence and preferences
 * ---------------------------------------------------------------------------------------------- */

export interface Viewer {
  userId: string;
  name: string | null;
  email: string;
  /** The viewer is writing a reply. */
  replying: boolean;
}

/** Socket payload of 'email.presence' and the answer of the presence calls. */
export interface EmailPresence {
  emailId: string;
  /** The spec's presence: the ids of the users viewing the email. */
  userIds: string[];
  viewers: Viewer[];
}

/** POST /emails/{id}/presence/replying: the caller starts (true) or stops (false) writing a reply. */
export const ZReplyingRequest = z.object({ replying: z.boolean() });

export const DETAIL_VIEW_MODES = ['classic', 'timeline'] as const;
export type DetailViewMode = (typeof DETAIL_VIEW_MODES)[number];

/** The languages of the interface; notifications and their emails are written in the user's. */
export const USER_LANGUAGES = ['en', 'cs'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];

/** How tightly the inbox list sets its rows: two lines each (comfortable, the default) or one line (compact). */
export const LIST_DENSITIES = ['comfortable', 'compact'] as const;
export type ListDensity = (typeof LIST_DENSITIES)[number];

export interface UserPreferences {
  emailDetailViewMode: DetailViewMode;
  onVacation: boolean;
  /** The language last chosen in the interface (default en). */
  language: UserLanguage;
  /** The inbox list's density (default comfortable). */
  listDensity: ListDensity;
  /** Seconds every send waits, while "Undo" can still take it back (0 to 30; the server's default until chosen, 10). */
  undoSendSeconds: number;
}

export const UNDO_SEND_MAX_SECONDS = 30;
export const UNDO_SEND_DEFAULT_SECONDS = 10;

/** PUT /user/preferences (each field optional: only what is sent changes). */
export const ZUserPreferencesRequest = z.object({
  emailDetailViewMode: z.enum(DETAIL_VIEW_MODES).optional(),
  onVacation: z.boolean().optional(),
  language: z.enum(USER_LANGUAGES, 'language must be en or cs').optional(),
  listDensity: z.enum(LIST_DENSITIES, 'listDensity must be comfortable or compact').optional(),
  undoSendSeconds: z
    .number('undoSendSeconds must be a whole number of seconds from 0 to 30')
    .int('undoSendSeconds must be a whole number of seconds from 0 to 30')
    .min(0, 'undoSendSeconds must be a whole number of seconds from 0 to 30')
    .max(UNDO_SEND_MAX_SECONDS, 'undoSendSeconds must be a whole number of seconds from 0 to 30')
    .optional(),
});
export type TUserPreferencesRequest = z.infer<typeof ZUserPreferencesRequest>;

/** PUT /me/availability */
export const ZAvailabilityRequest = z.object({ onVacation: z.boolean() });

/* ------------------------------------------------------------------------------------------------
 * Live updates of an email (socket 'team.email.updated', 'email.comment', 'email.reply')
 * ---------------------------------------------------------------------------------------------- */

/** The changed fields of an email after a command (read state, flags, assignment, labels, status, priority). */
export interface EmailChange {
  id: string;
  read?: boolean;
  readAt?: string | null;
  readBy?: string | null;
  isArchived?: boolean;
  isSpam?: boolean;
  assignedTo?: string | null;
  labels?: string[];
  status?: EmailStatus;
  priority?: Priority;
  /** Until when it is snoozed; null once it is awake (the push carries the email's whole current state). */
  snoozedUntil?: string | null;
  /** The email's conversation changed (a merge or a split): conversation lists load their page again. */
  conversationChanged?: boolean;
  /**
   * It woke from a snooze or a reminder (EmailWoken): it is listed on top again, so a first page that does not show it
   * and whose folder it now belongs to is loaded again.
   */
  woken?: boolean;
  /** Who did it. */
  actorUserId: string | null;
}

export interface CommentChange {
  emailId: string;
  kind: 'added' | 'edited' | 'deleted';
  comment: Comment;
}

export interface ReplyChange {
  emailId: string;
  kind: 'draft-saved' | 'draft-deleted' | 'queued' | 'sent' | 'failed';
  reply: Reply;
}
