import type { Reply } from '@teaminbox/contracts';
import { displayNameSql } from '../../../identity';

/** A row of `email_reply` with its author's name and email. */
export interface ReplyRow {
  id: string;
  team_id: string;
  email_id: string;
  author_id: string;
  status: Reply['status'];
  from_name: string | null;
  from_address: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  html_body: string | null;
  is_reply_to_all: boolean;
  attachments: Reply['attachments'];
  error: string | null;
  created_at: Date;
  updated_at: Date | null;
  sent_at: Date | null;
  author_name: string | null;
  author_email: string | null;
}

export const SELECT_REPLY = `SELECT r.id, r.team_id, r.email_id, r.author_id, r.status, r.from_name, r.from_address, r."to", r.cc,
       r.bcc, r.subject, r.body, r.html_body, r.is_reply_to_all, r.attachments, r.error, r.created_at, r.updated_at,
       r.sent_at, u.email AS author_email, ${displayNameSql('u')} AS author_name
  FROM email_reply r LEFT JOIN users u ON u.id = r.author_id`;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toReply(row: ReplyRow): Reply {
  return {
    id: row.id,
    emailId: row.email_id,
    teamId: row.team_id,
    from: row.from_address,
    to: row.to ?? [],
    cc: row.cc ?? [],
    bcc: row.bcc ?? [],
    subject: row.subject,
    body: row.body,
    htmlBody: row.html_body,
    isReplyToAll: row.is_reply_to_all,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: iso(row.updated_at),
    sentAt: iso(row.sent_at),
    status: row.status,
    error: row.error,
    authorId: row.author_id,
    authorName: row.author_name ?? row.author_email,
    authorEmail: row.author_email,
    attachments: row.attachments ?? [],
  };
}
