import type {
  NotificationPreferenceFlags,
  NotificationType,
  NotificationTypeSettings,
} from './notification-settings.schemas';

/** On the stream `template-<templateId>`: a team's reply template (the actor is in the metadata). */
export interface ReplyTemplateCreated {
  templateId: string;
  teamId: string;
  name: string;
  subject: string;
  body: string;
  htmlBody: string;
}

/** The template as a whole after an edit. */
export type ReplyTemplateUpdated = ReplyTemplateCreated;

export interface ReplyTemplateDeleted {
  templateId: string;
  teamId: string;
}

/**
 * On the stream `notification-settings-<userId>`: the user saved the whole settings object. `settingsId` is
 * chosen at the first save and kept; `teamId` is the user's team at the time (null without one). Muted emails
 * are not part of it: they are the `EmailNotificationsMuted`/`Unmuted` events of each email.
 */
export interface NotificationSettingsSaved extends NotificationPreferenceFlags {
  settingsId: string;
  userId: string;
  teamId: string | null;
  notificationTypes: Record<NotificationType, NotificationTypeSettings>;
}

/** Events of reply templates and notification settings (the template events also reach the cqrs bus). */
export interface PersonalEventMap {
  ReplyTemplateCreated: ReplyTemplateCreated;
  ReplyTemplateUpdated: ReplyTemplateUpdated;
  ReplyTemplateDeleted: ReplyTemplateDeleted;
  NotificationSettingsSaved: NotificationSettingsSaved;
}
export type PersonalEventType = keyof PersonalEventMap;
