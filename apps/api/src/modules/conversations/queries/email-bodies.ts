import { type PreparedEmailHtml, prepareEmailHtml, resolveInlineImages } from '../domain/email-html';
import type { InboxEmailReadModel } from '../projections/inbox-email/inbox-email.read-model';

/** Every column TypeORM selects by default (the ones marked `select: false` are added where needed). */
export const ALL_COLUMNS = {
  id: true,
  teamId: true,
  subject: true,
  bodyText: true,
  bodyHtml: true,
  fromName: true,
  fromEmail: true,
  to: true,
  cc: true,
  receivedAt: true,
  readAt: true,
  readBy: true,
  isArchived: true,
  isSpam: true,
  priority: true,
  status: true,
  assignedTo: true,
  labels: true,
  attachments: true,
  messageId: true,
  snoozedUntil: true,
} as const;

/** The HTML a detail or thread shows: sanitised at ingestion with its inline images resolved, or (older rows) now. */
export function safeHtmlOf(row: InboxEmailReadModel, inlineUrl: (id: string) => string): PreparedEmailHtml {
  const attachments = row.attachments ?? [];
  if (!row.htmlSafe) return prepareEmailHtml(row.bodyHtml, attachments, inlineUrl);
  return { html: resolveInlineImages(row.bodyHtml, attachments, inlineUrl), remoteImages: row.remoteImages ?? 0 };
}
