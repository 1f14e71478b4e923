import type { Notification, NotificationKind } from '@teaminbox/contracts';

export interface NotificationRow {
  id: string;
  type: NotificationKind;
  title: string;
  message: string;
  action_url: string | null;
  email_id: string | null;
  silent: boolean;
  read: boolean;
  read_at: Date | null;
  created_at: Date;
}

export const NOTIFICATION_COLUMNS = 'id, type, title, message, action_url, email_id, silent, read, read_at, created_at';
/** Newest first, in the order they were created. */
export const NEWEST_FIRST = 'position_commit DESC, position_prepare DESC, id';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read,
    isRead: row.read,
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
    actionUrl: row.action_url,
    emailId: row.email_id,
    silent: row.silent,
  };
}
