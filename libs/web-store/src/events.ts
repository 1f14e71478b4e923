import { createAction } from '@reduxjs/toolkit';
import type {
  CommentChange,
  Email,
  EmailChange,
  EmailPresence,
  LabelChange,
  Notification,
  ReplyChange,
  ReplyTemplateChange,
} from '@teaminbox/contracts';

/**
 * Events the shell's realtime connection dispatches; remotes' slices react to them. They are
 * declared here, not in a remote, so the shell never imports a remote's code.
 */
export const emailArrived = createAction<Email>('inbox/emailArrived');
export const unreadCountChanged = createAction<number>('inbox/unreadCountChanged');
export const emailUpdated = createAction<EmailChange>('inbox/emailUpdated');
export const commentChanged = createAction<CommentChange>('inbox/commentChanged');
export const presenceChanged = createAction<EmailPresence>('inbox/presenceChanged');
export const replyChanged = createAction<ReplyChange>('inbox/replyChanged');
/** A label of the team was created, changed or deleted (by anyone, this tab included). */
export const labelChanged = createAction<LabelChange>('labels/labelChanged');
/** A reply template of the team was saved or deleted (by anyone, this tab included). */
export const replyTemplateChanged = createAction<ReplyTemplateChange>('replyTemplates/replyTemplateChanged');

/** A new notification of the signed-in user arrived over the socket (a `user.notifications` message brings one or more). */
export const notificationArrived = createAction<Notification>('notifications/notificationArrived');
/** The user's unread notification count changed (`user.notification-count`). */
export const notificationCountChanged = createAction<number>('notifications/notificationCountChanged');

/** A user's profile photo changed (the user's id): the avatars load it again. */
export const profilePhotoChanged = createAction<string>('people/profilePhotoChanged');

/** Dispatched once after a remote's slices are injected, so their initial state appears at once. */
export const featureInjected = createAction<string>('store/featureInjected');

/** Every open dialog closes (the API answered 449: an upgrade is needed). */
export const dialogsClosed = createAction('ui/dialogsClosed');
