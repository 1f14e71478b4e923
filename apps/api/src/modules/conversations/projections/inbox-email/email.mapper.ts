import {
  type Email,
  type EmailComposed,
  EMAIL_PREVIEW_LENGTH,
  type EmailChange,
  type EmailReceived,
} from '@teaminbox/contracts';
import type { InboxEmailReadModel } from './inbox-email.read-model';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The start of a body for lists and pushes (never the whole text, never HTML). */
export const previewOf = (text: string | null | undefined): string => (text ?? '').slice(0, EMAIL_PREVIEW_LENGTH);

/**
 * The Email DTO of a read-model row as lists, search, My Tasks, pushes and action answers carry it: `body` is a
 * preview and `htmlBody` is null; only the detail and thread answers carry bodies (see toEmailWithBodies).
 */
export function toEmailDto(row: InboxEmailReadModel): Email {
  return { ...toEmailWithBodies(row), body: previewOf(row.bodyText), htmlBody: null };
}

/** The Email DTO with the stored text and HTML (the detail and thread queries resolve the HTML's inline images). */
export function toEmailWithBodies(row: InboxEmailReadModel): Email {
  return {
    id: row.id,
    teamId: row.teamId,
    subject: row.subject,
    body: row.bodyText,
    htmlBody: row.bodyHtml,
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    to: row.to ?? [],
    cc: row.cc ?? [],
    receivedAt: iso(row.receivedAt) as string,
    read: row.readAt !== null || row.readBy !== null,
    readAt: iso(row.readAt),
    readBy: row.readBy,
    isArchived: row.isArchived,
    isSpam: row.isSpam,
    priority: row.priority,
    status: row.status,
    assignedTo: row.assignedTo,
    labels: row.labels ?? [],
    attachments: row.attachments ?? [],
    snoozedUntil: iso(row.snoozedUntil ?? null),
  };
}

/** The fields of an email that change after it arrived, as 'team.email.updated' carries them (without the actor). */
export type EmailChangeState = Omit<Required<EmailChange>, 'actorUserId' | 'conversationChanged' | 'woken'>;

export const EMAIL_CHANGE_COLUMNS = [
  'id',
  'readAt',
  'readBy',
  'isArchived',
  'isSpam',
  'assignedTo',
  'labels',
  'status',
  'priority',
  'snoozedUntil',
] as const satisfies readonly (keyof InboxEmailReadModel)[];

export function toEmailChangeState(
  row: Pick<InboxEmailReadModel, (typeof EMAIL_CHANGE_COLUMNS)[number]>,
): EmailChangeState {
  return {
    id: row.id,
    read: row.readAt !== null || row.readBy !== null,
    readAt: iso(row.readAt),
    readBy: row.readBy,
    isArchived: row.isArchived,
    isSpam: row.isSpam,
    assignedTo: row.assignedTo,
    labels: row.labels ?? [],
    status: row.status,
    priority: row.priority,
    snoozedUntil: iso(row.snoozedUntil ?? null),
  };
}

/** The row a freshly received email becomes; the projection inserts exactly this. */
export function rowFromEmailReceived(data: EmailReceived): InboxEmailReadModel {
  return {
    id: data.emailId,
    teamId: data.teamId,
    subject: data.subject,
    bodyText: data.text,
    bodyHtml: data.html,
    fromName: data.fromName,
    fromEmail: data.fromEmail,
    to: data.to,
    cc: data.cc,
    receivedAt: new Date(data.receivedAt),
    readAt: null,
    readBy: null,
    isArchived: false,
    isSpam: false,
    priority: data.priority,
    status: data.status,
    assignedTo: null,
    labels: [],
    attachments: data.attachments ?? [],
    messageId: data.messageId,
    snoozedUntil: null,
  };
}

/** The Email DTO of a just-received email, built from the event (same shape as the projected row, a preview). */
export function emailDtoFromEvent(data: EmailReceived): Email {
  return toEmailDto(rowFromEmailReceived(data));
}

/** The Email DTO of a conversation the team started, built from its event: read by and assigned to its author. */
export function emailDtoFromComposed(data: EmailComposed): Email {
  return toEmailDto({
    ...rowFromEmailReceived(data),
    readAt: new Date(data.receivedAt),
    readBy: data.composedBy,
    assignedTo: data.assignedTo,
  });
}
