import './i18n/texts';
import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { notificationsSaga } from './features/notifications/notificationsSaga';
import { notificationsSlice } from './features/notifications/notificationsSlice';
import { profileSaga } from './features/profile/profileSaga';
import { profileSlice } from './features/profile/profileSlice';

function* settingsRootSaga() {
  yield all([spawn(notificationsSaga), spawn(profileSaga)]);
}

/** Injected into the shell's store when a settings route first loads. */
const feature: RemoteFeature = {
  key: 'settings',
  slices: [notificationsSlice, profileSlice],
  saga: settingsRootSaga,
};
export default feature;
