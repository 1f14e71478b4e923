import type { z } from 'zod';
import type {
  Comment,
  DetailViewMode,
  Email,
  EmailPresence,
  EmailStar,
  EmailStatus,
  Label,
  Page,
  Priority,
  ReplyAddresses,
  SendReplyResponse,
  ListView,
  TListEmailsQuery,
  TMyTasksQuery,
  UserPreferences,
  WorkScope,
  ComposeEmailResponse,
  ZComposeEmailRequest,
  ZForwardEmailRequest,
  ZLabelRequest,
  ZReplyDraftRequest,
  ZSendReplyRequest,
} from '@teaminbox/contracts';
import { API_BASE, ApiError, request } from './http';
import { tokenStore } from './token-store';

const enc = encodeURIComponent;

/** `?scope=conversation` when a change acts on the email's whole conversation (a conversation row's action). */
const scoped = (scope: WorkScope = 'email') => (scope === 'conversation' ? '?scope=conversation' : '');

/** GET /emails: the spec's query plus the inbox filters (assignee 'all' | 'unassigned' | 'me' | user id). */
export type InboxQuery = Pick<TListEmailsQuery, 'page' | 'size'> & Partial<Omit<TListEmailsQuery, 'page' | 'size'>>;

/** POST /email-labels and PUT /email-labels/{id}. */
export type LabelPayload = z.input<typeof ZLabelRequest>;

/** POST /emails/{id}/replies and PUT /emails/{id}/replies/{replyId}: a draft. */
export type ReplyDraftPayload = z.input<typeof ZReplyDraftRequest>;

/** POST /emails/send-reply (with `startedAt` and `confirmed` for the collision check). */
export type SendReplyPayload = z.input<typeof ZSendReplyRequest>;
/** POST /emails/forward. */
export type ForwardEmailPayload = z.input<typeof ZForwardEmailRequest>;
export type ComposeEmailPayload = z.input<typeof ZComposeEmailRequest>;

/**
 * GET /attachments/{id} as a Blob. Rejects with an ApiError on a failed call and on an empty blob (the spec
 * counts an empty blob as a failure); the caller shows its own notice.
 */
async function downloadAttachment(id: string): Promise<Blob> {
  const token = tokenStore.get();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/attachments/${enc(id)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch (cause) {
    throw new ApiError(0, cause instanceof Error ? cause.message : String(cause));
  }
  if (!res.ok) throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`);
  const blob = await res.blob();
  if (blob.size === 0) throw new ApiError(res.status, 'Empty attachment');
  return blob;
}

/**
 * The inbox, email detail and My Tasks calls (spec core-inbox section 7, admin-and-personal My Tasks).
 * Every call is `handled`: the screens show the spec's own notices (or stay silent where the spec says
 * "logged only").
 */
export const inboxApi = {
  /** `view: 'conversations'` lists one row per conversation (the person's "Use conversation threads"). */
  listEmails: (query: InboxQuery & { view?: ListView }): Promise<Page<Email>> =>
    request<Page<Email>>('/emails', { query: { folder: 'inbox', ...query }, secured: true, handled: true }),
  searchEmails: (search: string, page = 0, size = 5): Promise<Page<Email>> =>
    request<Page<Email>>('/emails/search', { query: { search, page, size }, secured: true, handled: true }),
  myTasks: (query: TMyTasksQuery & { view?: ListView }): Promise<Page<Email>> =>
    request<Page<Email>>('/emails/my-tasks', { query: { ...query }, secured: true, handled: true }),
  unreadCount: (): Promise<number> => request<number>('/emails/unread/count', { secured: true, handled: true }),

  markRead: (id: string, scope?: WorkScope) => put(`/emails/${enc(id)}/read${scoped(scope)}`),
  markUnread: (id: string, scope?: WorkScope) => put(`/emails/${enc(id)}/unread${scoped(scope)}`),
  archive: (id: string, scope?: WorkScope) => put(`/emails/${enc(id)}/archive${scoped(scope)}`),
  unarchive: (id: string, scope?: WorkScope) => put(`/emails/${enc(id)}/unarchive${scoped(scope)}`),
  spam: (id: string, scope?: WorkScope) => put(`/emails/${enc(id)}/spam${scoped(scope)}`),
  notSpam: (id: string, scope?: WorkScope) => put(`/emails/${enc(id)}/not-spam${scoped(scope)}`),
  mute: (id: string) => put(`/emails/${enc(id)}/notifications/mute`),
  unmute: (id: string) => put(`/emails/${enc(id)}/notifications/unmute`),
  /** An empty user id unassigns. */
  assign: (id: string, assignedTo: string, scope?: WorkScope): Promise<Email> =>
    request<Email>(`/emails/${enc(id)}/assign${scoped(scope)}`, {
      method: 'PUT',
      body: { assignedTo },
      secured: true,
      handled: true,
    }),

  setStatus: (id: string, status: EmailStatus): Promise<Email> =>
    request<Email>(`/emails/${enc(id)}/status`, { method: 'PUT', body: { status }, secured: true, handled: true }),
  setPriority: (id: string, priority: Priority): Promise<Email> =>
    request<Email>(`/emails/${enc(id)}/priority`, { method: 'PUT', body: { priority }, secured: true, handled: true }),

  star: (id: string): Promise<EmailStar> =>
    request<EmailStar>(`/emails/${enc(id)}/star`, { method: 'PUT', secured: true, handled: true }),
  unstar: (id: string): Promise<EmailStar> =>
    request<EmailStar>(`/emails/${enc(id)}/unstar`, { method: 'PUT', secured: true, handled: true }),
  /** Which of these emails the caller starred. */
  starred: (ids: string[]): Promise<string[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : request<string[]>('/emails/starred', { query: { ids: ids.join(',') }, secured: true, handled: true }),

  addComment: (id: string, message: string): Promise<Comment> =>
    request<Comment>(`/emails/${enc(id)}/comments`, {
      method: 'POST',
      body: { message },
      secured: true,
      handled: true,
    }),
  editComment: (id: string, commentId: string, message: string): Promise<Comment> =>
    request<Comment>(`/emails/${enc(id)}/comments/${enc(commentId)}`, {
      method: 'PUT',
      body: { message },
      secured: true,
      handled: true,
    }),
  deleteComment: (id: string, commentId: string): Promise<unknown> =>
    request(`/emails/${enc(id)}/comments/${enc(commentId)}`, { method: 'DELETE', secured: true, handled: true }),

  joinPresence: (id: string): Promise<EmailPresence> =>
    request<EmailPresence>(`/emails/${enc(id)}/presence/join`, { method: 'POST', secured: true, handled: true }),
  leavePresence: (id: string): Promise<EmailPresence> =>
    request<EmailPresence>(`/emails/${enc(id)}/presence/leave`, { method: 'POST', secured: true, handled: true }),
  setReplying: (id: string, replying: boolean): Promise<EmailPresence> =>
    request<EmailPresence>(`/emails/${enc(id)}/presence/replying`, {
      method: 'POST',
      body: { replying },
      secured: true,
      handled: true,
    }),

  deleteDraft: (id: string, replyId: string): Promise<unknown> =>
    request(`/emails/${enc(id)}/replies/${enc(replyId)}`, { method: 'DELETE', secured: true, handled: true }),
  /** 409 with a ReplyCollision body when someone else commented or replied since `startedAt`. */
  sendReply: (payload: SendReplyPayload): Promise<SendReplyResponse> =>
    request<SendReplyResponse>('/emails/send-reply', { method: 'POST', body: payload, secured: true, handled: true }),
  /** Whom a reply (Reply-To, else From) and a reply to all go to, without the team's own addresses. */
  replyAddresses: (id: string): Promise<ReplyAddresses> =>
    request<ReplyAddresses>(`/emails/${enc(id)}/reply-addresses`, { secured: true, handled: true }),
  /** The email with a note and the attachments chosen of its own, sent on to other addresses (202). */
  forwardEmail: (payload: ForwardEmailPayload): Promise<SendReplyResponse> =>
    request<SendReplyResponse>('/emails/forward', { method: 'POST', body: payload, secured: true, handled: true }),
  /** A new conversation from the team's mailbox, queued for sending (202). */
  composeEmail: (payload: ComposeEmailPayload): Promise<ComposeEmailResponse> =>
    request<ComposeEmailResponse>('/emails/compose', { method: 'POST', body: payload, secured: true, handled: true }),

  downloadAttachment,

  defaultLabels: (): Promise<Label[]> => request<Label[]>('/email-labels/default', { secured: true, handled: true }),
  userLabels: (): Promise<Label[]> => request<Label[]>('/email-labels/user', { secured: true, handled: true }),
  createLabel: (label: LabelPayload): Promise<Label> =>
    request<Label>('/email-labels', { method: 'POST', body: label, secured: true, handled: true }),
  deleteLabel: (id: string): Promise<unknown> =>
    request(`/email-labels/${enc(id)}`, { method: 'DELETE', secured: true, handled: true }),
  initializeLabels: (): Promise<Label[]> =>
    request<Label[]>('/email-labels/initialize', { method: 'POST', secured: true, handled: true }),
  addLabelToEmail: (emailId: string, label: Pick<Label, 'id'> & Partial<Label>, scope?: WorkScope): Promise<Email> =>
    request<Email>(`/emails/${enc(emailId)}/labels${scoped(scope)}`, {
      method: 'POST',
      body: label,
      secured: true,
      handled: true,
    }),
  removeLabelFromEmail: (emailId: string, labelId: string): Promise<Email> =>
    request<Email>(`/emails/${enc(emailId)}/labels/${enc(labelId)}`, {
      method: 'DELETE',
      secured: true,
      handled: true,
    }),

  setPreferences: (preferences: Partial<UserPreferences> & { emailDetailViewMode?: DetailViewMode }) =>
    request<UserPreferences>('/user/preferences', { method: 'PUT', body: preferences, secured: true, handled: true }),
};

/** The email commands answer the email as it is after the change. */
function put(path: string): Promise<Email> {
  return request<Email>(path, { method: 'PUT', secured: true, handled: true });
}

export type InboxApi = typeof inboxApi;
