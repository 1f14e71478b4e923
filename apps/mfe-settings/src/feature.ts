import './i18n/texts';
import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { notificationSettingsSaga } from './features/notification-settings/notificationSettingsSaga';
import { notificationSettingsSlice } from './features/notification-settings/notificationSettingsSlice';
import { notificationsSaga } from './features/notifications/notificationsSaga';
import { notificationsSlice } from './features/notifications/notificationsSlice';
import { profileSaga } from './features/profile/profileSaga';
import { profileSlice } from './features/profile/profileSlice';

function* settingsRootSaga() {
  yield all([spawn(notificationsSaga), spawn(notificationSettingsSaga), spawn(profileSaga)]);
}

/** Injected into the shell's store when a settings route first loads. */
const feature: RemoteFeature = {
  key: 'settings',
  slices: [notificationsSlice, notificationSettingsSlice, profileSlice],
  saga: settingsRootSaga,
};
export default feature;
