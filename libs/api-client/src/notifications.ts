import type {
  Notification,
  Page,
  ProfilePhotoUploaded,
  PushPublicKey,
  SnoozeMinutes,
  SnoozeState,
  SuccessMessageResponse,
  UserPreferences,
} from '@teaminbox/contracts';
import { PROFILE_PHOTO_FIELD } from '@teaminbox/contracts';
import { API_BASE, ApiError, request } from './http';
import { tokenStore } from './token-store';

const enc = encodeURIComponent;

/** A browser's push subscription as PushSubscription.toJSON() gives it. */
export interface PushSubscriptionPayload {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Sends a secured call whose body is a multipart form (the profile photo). */
async function upload<T>(path: string, form: FormData): Promise<T> {
  const token = tokenStore.get();
  const res = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}`, accept: 'application/json' } : { accept: 'application/json' },
    body: form,
  });
  const text = await res.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const message = (body as { message?: string } | undefined)?.message ?? res.statusText;
    throw new ApiError(res.status, message, body);
  }
  return body as T;
}

/** Reads a secured image as a blob; null when there is none (404) or it cannot be read. */
async function image(path: string): Promise<Blob | null> {
  const token = tokenStore.get();
  try {
    const res = await fetch(`${API_BASE}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!res.ok) return null;
    const blob = await res.blob();
    return blob.size > 0 ? blob : null;
  } catch {
    return null;
  }
}

/**
 * The caller's notifications, snooze and browser push (admin-and-personal section 7), and profile photos. Every call
 * is `handled`: the screens show the spec's notices themselves, or stay silent where the spec says so.
 */
export const notificationsApi = {
  list: (page = 0, size = 20): Promise<Page<Notification> | Notification[]> =>
    request<Page<Notification> | Notification[]>('/notifications', {
      query: { page, size },
      secured: true,
      handled: true,
    }),
  unread: (): Promise<Notification[]> =>
    request<Notification[]>('/notifications/unread', { secured: true, handled: true }),
  unreadCount: (): Promise<number> => request<number>('/notifications/unread-count', { secured: true, handled: true }),
  markRead: (id: string): Promise<Notification> =>
    request<Notification>(`/notifications/${enc(id)}/read`, { method: 'PUT', secured: true, handled: true }),
  markAllRead: (): Promise<SuccessMessageResponse> =>
    request<SuccessMessageResponse>('/notifications/mark-all-read', { method: 'PUT', secured: true, handled: true }),
  snooze: (): Promise<SnoozeState> => request<SnoozeState>('/notifications/snooze', { secured: true, handled: true }),
  snoozeFor: (minutes: SnoozeMinutes): Promise<SnoozeState> =>
    request<SnoozeState>('/notifications/snooze', {
      method: 'PUT',
      body: { minutes },
      secured: true,
      handled: true,
    }),
  endSnooze: (): Promise<SnoozeState> =>
    request<SnoozeState>('/notifications/snooze', { method: 'DELETE', secured: true, handled: true }),
  pushPublicKey: (): Promise<PushPublicKey> =>
    request<PushPublicKey>('/notifications/push/public-key', { secured: true, handled: true }),
  subscribePush: (subscription: PushSubscriptionPayload): Promise<SuccessMessageResponse> =>
    request<SuccessMessageResponse>('/notifications/push-subscriptions', {
      method: 'POST',
      body: subscription,
      secured: true,
      handled: true,
    }),

  preferences: (): Promise<UserPreferences> =>
    request<UserPreferences>('/user/preferences', { secured: true, handled: true }),
  setPreferences: (change: Partial<UserPreferences>): Promise<UserPreferences> =>
    request<UserPreferences>('/user/preferences', { method: 'PUT', body: change, secured: true, handled: true }),
  setAvailability: (onVacation: boolean): Promise<UserPreferences> =>
    request<UserPreferences>('/me/availability', {
      method: 'PUT',
      body: { onVacation },
      secured: true,
      handled: true,
    }),

  uploadProfilePhoto: (file: Blob, name = 'photo'): Promise<ProfilePhotoUploaded> => {
    const form = new FormData();
    form.append(PROFILE_PHOTO_FIELD, file, name);
    return upload<ProfilePhotoUploaded>('/user/profile-photo', form);
  },
  ownPhoto: (): Promise<Blob | null> => image('/user/profile-photo'),
  photoOf: (userId: string): Promise<Blob | null> => image(`/user/profile-photo/${enc(userId)}`),
  photoByEmail: (email: string): Promise<Blob | null> => image(`/user/profile-photo/by-email/${enc(email)}`),
};

export type NotificationsApi = typeof notificationsApi;
