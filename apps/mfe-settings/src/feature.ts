import './i18n/texts';
import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { notificationsSaga } from './features/notifications/notificationsSaga';
import { notificationsSlice } from './features/notifications/notificationsSlice';

function* settingsRootSaga() {
  yield all([spawn(notificationsSaga)]);
}

/** Injected into the shell's store when a settings route first loads. */
const feature: RemoteFeature = {
  key: 'settings',
  slices: [notificationsSlice],
  saga: settingsRootSaga,
};
export default feature;
