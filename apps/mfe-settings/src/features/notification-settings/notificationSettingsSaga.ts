import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CurrentUser, NotificationSettings, UserPreferences } from '@teaminbox/contracts';
import { notificationsApi, personalApi } from '@teaminbox/api-client';
import { noticeRaised, selectCurrentUser, type RootState } from '@teaminbox/web-store';
import {
  availabilityLoaded,
  availabilitySaveFinished,
  availabilitySaveRequested,
  defaultSettingsFor,
  saveFinished,
  saveRequested,
  settingsLoaded,
  settingsRequested,
} from './notificationSettingsSlice';

function* load() {
  try {
    const settings: NotificationSettings = yield call(personalApi.getNotificationSettings);
    yield put(settingsLoaded(settings));
  } catch (error) {
    // The spec: a load failure gives the defaults built from the current user.
    console.warn('notification settings could not be loaded; showing the defaults', error);
    const user: CurrentUser | null = yield select(selectCurrentUser);
    yield put(settingsLoaded(defaultSettingsFor(user)));
  }
  try {
    const preferences: UserPreferences = yield call(notificationsApi.preferences);
    yield put(availabilityLoaded(preferences.onVacation));
  } catch {
    // The preference load failure is ignored.
  }
}

function* save() {
  const settings: NotificationSettings | null = yield select(
    (state: RootState) => state.notificationSettings?.settings ?? null,
  );
  if (!settings) {
    yield put(saveFinished(null));
    return;
  }
  try {
    const saved: NotificationSettings = yield call(personalApi.saveNotificationSettings, settings);
    yield put(saveFinished(saved));
    yield put(noticeRaised({ severity: 'success', key: 'notificationSettings.saved', lifeMs: 2000 }));
  } catch (error) {
    // The spec: a save failure is not handled visibly.
    console.warn('notification settings could not be saved', error);
    yield put(saveFinished(null));
  }
}

/** 'Save availability' and the profile's vacation switch: the availability and the preference, in one call. */
function* saveAvailability() {
  const onVacation: boolean = yield select((state: RootState) => state.notificationSettings?.onVacation ?? false);
  try {
    const preferences: UserPreferences = yield call(notificationsApi.setAvailability, onVacation);
    yield put(availabilitySaveFinished(preferences.onVacation));
    yield put(noticeRaised({ severity: 'success', key: 'notificationSettings.availabilitySaved', lifeMs: 2000 }));
  } catch (error) {
    console.warn('availability could not be saved', error);
    yield put(availabilitySaveFinished(null));
  }
}

export function* notificationSettingsSaga() {
  yield takeLatest(settingsRequested.type, load);
  yield takeLeading(saveRequested.type, save);
  yield takeLeading(availabilitySaveRequested.type, saveAvailability);
}
