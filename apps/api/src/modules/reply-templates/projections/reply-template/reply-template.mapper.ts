import type { ReplyTemplate } from '@teaminbox/contracts';

/** A row of `reply_template`, as selected by SELECT_REPLY_TEMPLATE. */
export interface ReplyTemplateRow {
  id: string;
  name: string;
  subject: string;
  body: string;
  html_body: string;
}

export const SELECT_REPLY_TEMPLATE = 'SELECT id, name, subject, body, html_body FROM reply_template';

export const toReplyTemplate = (row: ReplyTemplateRow): ReplyTemplate => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  body: row.body,
  htmlBody: row.html_body,
});
