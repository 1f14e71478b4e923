import type { NotificationSettings, ProfilePhotoUploaded, UserPreferences } from '@teaminbox/contracts';
import { ApiError, notificationsApi, type NotificationSettingsPayload } from '@teaminbox/api-client';
import type { ApiFailure } from './api';
import { webApi } from './api';
import { warnOnFailure } from './api-failure';

/**
 * The signed-in person's own settings (spec admin-and-personal sections 2 and 4): the notification settings and the
 * preferences (availability, detail view mode), and the upload of the profile photo. One cache each; a save writes the server's answer into it, so every
 * screen showing them shows what was stored without loading it again. Every call is `handled`: the screens show the
 * spec's notices themselves, and failures are logged.
 */
export const settingsApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    /** A load failure is logged; the screen then shows the defaults built from the current user. */
    notificationSettings: build.query<NotificationSettings, void>({
      query: () => ({ path: '/notification-settings', handled: true }),
      onQueryStarted: warnOnFailure('notification settings could not be loaded; showing the defaults'),
    }),
    /** The whole settings object; the stored one the server answers replaces the cached one. */
    saveNotificationSettings: build.mutation<NotificationSettings, NotificationSettingsPayload>({
      query: (settings) => ({ path: '/notification-settings', method: 'PUT', body: settings, handled: true }),
      async onQueryStarted(_settings, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('notificationSettings', undefined, data));
        } catch (failed) {
          // The spec: a save failure is not shown; the screen keeps the edits.
          console.warn('notification settings could not be saved', (failed as { error?: ApiFailure }).error ?? failed);
        }
      },
    }),
    /** A load failure is logged and otherwise ignored (the screens keep their defaults). */
    userPreferences: build.query<UserPreferences, void>({
      query: () => ({ path: '/user/preferences', handled: true }),
      onQueryStarted: warnOnFailure('the preferences could not be loaded'),
    }),
    /**
     * The availability (vacation) and its preference in one call. The cached preferences show the new value at once
     * and the server's answer when it comes; a failure puts the previous value back.
     */
    setAvailability: build.mutation<UserPreferences, boolean>({
      query: (onVacation) => ({ path: '/me/availability', method: 'PUT', body: { onVacation }, handled: true }),
      async onQueryStarted(onVacation, { dispatch, queryFulfilled }) {
        const shown = dispatch(
          settingsApi.util.updateQueryData('userPreferences', undefined, (preferences) => {
            preferences.onVacation = onVacation;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('userPreferences', undefined, data));
        } catch (failed) {
          shown.undo();
          console.warn('availability could not be saved', (failed as { error?: ApiFailure }).error ?? failed);
        }
      },
    }),
    /** A change of the preferences (the detail view mode); the server's answer replaces the cached ones. */
    setPreferences: build.mutation<UserPreferences, Partial<UserPreferences>>({
      query: (change) => ({ path: '/user/preferences', method: 'PUT', body: change, handled: true }),
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('userPreferences', undefined, data));
        } catch (failed) {
          console.warn('the preferences could not be saved', (failed as { error?: ApiFailure }).error ?? failed);
        }
      },
    }),
    /**
     * The person's new photo (a multipart upload, images only). The screen says how it went; the photos the avatars
     * show are loaded again by `profilePhotoChanged`.
     */
    uploadProfilePhoto: build.mutation<ProfilePhotoUploaded, File>({
      async queryFn(file) {
        try {
          return { data: await notificationsApi.uploadProfilePhoto(file, file.name) };
        } catch (error) {
          console.warn('the profile photo could not be uploaded', error);
          if (error instanceof ApiError)
            return { error: { status: error.status, message: error.message, body: error.body } };
          return { error: { status: 0, message: error instanceof Error ? error.message : String(error) } };
        }
      },
    }),
  }),
});

export const {
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  useUserPreferencesQuery,
  useSetAvailabilityMutation,
  useSetPreferencesMutation,
  useUploadProfilePhotoMutation,
} = settingsApi;
