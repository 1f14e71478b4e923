import type { z } from 'zod';
import type {
  NotificationSettings,
  ReplyTemplate,
  SuccessMessageResponse,
  ZReplyTemplateRequest,
} from '@teaminbox/contracts';
import { request } from './http';

const enc = encodeURIComponent;

/** POST /reply-templates and PUT /reply-templates/{id}: the template's texts (an `id` in it is ignored). */
export type ReplyTemplatePayload = z.input<typeof ZReplyTemplateRequest>;

/**
 * The whole settings object for PUT /notification-settings: what GET answered, edited. `id`, `userId`, `teamId`
 * and `mutedEmailIds` may be sent back as read; the server ignores them.
 */
export type NotificationSettingsPayload = Omit<
  NotificationSettings,
  'id' | 'userId' | 'teamId' | 'mutedEmailIds' | 'slackDisabledReason'
> &
  Partial<Pick<NotificationSettings, 'id' | 'userId' | 'teamId' | 'mutedEmailIds' | 'slackDisabledReason'>>;

/**
 * Reply templates of the team and the caller's notification settings (spec admin-and-personal section 7).
 * Every call is `handled`: load failures are only logged and settings fall back to their defaults (section 8).
 */
export const personalApi = {
  listTemplates: (): Promise<ReplyTemplate[]> =>
    request<ReplyTemplate[]>('/reply-templates', { secured: true, handled: true }),
  createTemplate: (template: ReplyTemplatePayload): Promise<ReplyTemplate> =>
    request<ReplyTemplate>('/reply-templates', { method: 'POST', body: template, secured: true, handled: true }),
  updateTemplate: (id: string, template: ReplyTemplatePayload): Promise<ReplyTemplate> =>
    request<ReplyTemplate>(`/reply-templates/${enc(id)}`, {
      method: 'PUT',
      body: template,
      secured: true,
      handled: true,
    }),
  deleteTemplate: (id: string): Promise<SuccessMessageResponse> =>
    request<SuccessMessageResponse>(`/reply-templates/${enc(id)}`, { method: 'DELETE', secured: true, handled: true }),

  /** The reply form reads `htmlSignature` from here. */
  getNotificationSettings: (): Promise<NotificationSettings> =>
    request<NotificationSettings>('/notification-settings', { secured: true, handled: true }),
  saveNotificationSettings: (settings: NotificationSettingsPayload): Promise<NotificationSettings> =>
    request<NotificationSettings>('/notification-settings', {
      method: 'PUT',
      body: settings,
      secured: true,
      handled: true,
    }),
};

export type PersonalApi = typeof personalApi;
