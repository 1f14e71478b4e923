import type { Comment } from '@teaminbox/contracts';
import { displayNameSql } from '../../../identity';

/** A row of `email_comment` with its author's name and email. */
export interface CommentRow {
  id: string;
  email_id: string;
  message: string;
  user_id: string;
  user_name: string | null;
  user_email: string;
  mentions: string[];
  created_at: Date;
  updated_at: Date | null;
}

export const SELECT_COMMENT = `SELECT c.id, c.email_id, c.message, c.user_id, c.mentions, c.created_at, c.updated_at,
                       u.email AS user_email, ${displayNameSql('u')} AS user_name
                  FROM email_comment c JOIN users u ON u.id = c.user_id`;

export const toComment = (row: CommentRow): Comment => ({
  id: row.id,
  emailId: row.email_id,
  message: row.message,
  userId: row.user_id,
  userName: row.user_name,
  userEmail: row.user_email,
  mentions: row.mentions ?? [],
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
});
