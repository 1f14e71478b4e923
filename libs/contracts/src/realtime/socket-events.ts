import type {
  CommentChange,
  EmailChange,
  EmailPresence,
  LabelChange,
  ReplyChange,
} from '../conversations/collaboration.schemas';
import type { Email } from '../conversations/email.schemas';
import type { ReplyTemplateChange } from '../personal/reply-template.schemas';
import type { Notification } from '../notifications/notification.schemas';

/** socket.io path; the spec's topics map to the typed events below. */
export const SOCKET_PATH = '/ws';

export interface ServerToClientEvents {
  /**
   * /topic/team/{teamId}/emails: the team's new emails, in the order they were received; each goes first in the list.
   * One message per batch of new mail (at most 100 emails), so that a burst is not one frame per email and socket.
   */
  'team.emails.created': (emails: Email[]) => void;
  /** /topic/team/{teamId}/unread-count */
  'team.unread-count': (count: number) => void;
  /**
   * /topic/user/{userId}/notifications: that user's new notifications, in the order they were created, to that user's
   * sockets only; each is prepended to the list. One message per push (a burst's notifications of one user travel
   * together instead of one frame each).
   */
  'user.notifications': (notifications: Notification[]) => void;
  /** /topic/user/{userId}/notification-count: the user's unread notifications after a change. */
  'user.notification-count': (count: number) => void;
  /** /topic/team/{teamId}/email/{emailId}/presence */
  'email.presence': (payload: EmailPresence) => void;
  /** An email of the team changed (read state, archive, spam, assignment, labels). */
  'team.email.updated': (change: EmailChange) => void;
  /** A comment on an email of the team was added, edited or deleted. */
  'email.comment': (change: CommentChange) => void;
  /** A reply draft was saved or deleted, or a reply was queued, sent or failed. */
  'email.reply': (change: ReplyChange) => void;
  /** A label of the team was created, changed or deleted: open inbox and detail screens update their labels. */
  'team.label.changed': (change: LabelChange) => void;
  /** A reply template of the team was saved or deleted: open reply forms update their template list. */
  'team.reply-template.changed': (change: ReplyTemplateChange) => void;
  /** A member of the team (or the user, without a team) has a new profile photo: avatars load it again. */
  'team.person.photo-changed': (change: PersonPhotoChange) => void;
}

/** A socket push: an event of ServerToClientEvents. */
export type PushName = keyof ServerToClientEvents;

/** The list as given when it names every push; otherwise a compile error that names the pushes it leaves out. */
function everyPush<const L extends readonly PushName[]>(
  list: L & ([Exclude<PushName, L[number]>] extends [never] ? unknown : { missing: Exclude<PushName, L[number]> }),
): L {
  return list;
}

/** Every socket push, once: what the web client subscribes to. */
export const PUSH_NAMES = everyPush([
  'team.emails.created',
  'team.unread-count',
  'user.notifications',
  'user.notification-count',
  'email.presence',
  'team.email.updated',
  'email.comment',
  'email.reply',
  'team.label.changed',
  'team.reply-template.changed',
  'team.person.photo-changed',
]);

/** Socket 'team.person.photo-changed': whose photo changed (the photo itself is read from GET /user/profile-photo). */
export interface PersonPhotoChange {
  userId: string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}

export const rooms = {
  team: (teamId: string) => `team:${teamId}`,
  user: (userId: string) => `user:${userId}`,
  email: (emailId: string) => `email:${emailId}`,
} as const;
