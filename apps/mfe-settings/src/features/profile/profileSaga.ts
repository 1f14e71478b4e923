import { call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { DetailViewMode, UserPreferences } from '@teaminbox/contracts';
import { notificationsApi } from '@teaminbox/api-client';
import { noticeRaised, type RootState } from '@teaminbox/web-store';
import {
  photoLoaded,
  photoUploadFinished,
  photoUploadRequested,
  profileOpened,
  VIEW_MODE_KEY,
  viewModeChosen,
  viewModeLoaded,
} from './profileSlice';

/** Object URLs are created here and revoked when replaced. */
function* showPhoto(blob: Blob | null) {
  const previous: string | null = yield select((state: RootState) => state.profile?.photoUrl ?? null);
  if (previous) URL.revokeObjectURL(previous);
  yield put(photoLoaded(blob ? URL.createObjectURL(blob) : null));
}

function* open() {
  // Photo load failure: no photo (spec section 8).
  const photo: Blob | null = yield call(notificationsApi.ownPhoto);
  yield call(showPhoto, photo);
  try {
    const preferences: UserPreferences = yield call(notificationsApi.preferences);
    localStorage.setItem(VIEW_MODE_KEY, preferences.emailDetailViewMode);
    yield put(viewModeLoaded(preferences.emailDetailViewMode));
  } catch {
    // The preference load failure is ignored.
  }
}

function* upload(action: ReturnType<typeof photoUploadRequested>) {
  try {
    yield call(notificationsApi.uploadProfilePhoto, action.payload, action.payload.name);
    const photo: Blob | null = yield call(notificationsApi.ownPhoto);
    yield call(showPhoto, photo);
    yield put(
      noticeRaised({ severity: 'success', key: 'profile.photoUpdated', lifeMs: 2000, closeKey: 'profile.close' }),
    );
  } catch (error) {
    console.warn('the profile photo could not be uploaded', error);
    yield put(noticeRaised({ severity: 'error', key: 'profile.photoFailed', lifeMs: 2500, closeKey: 'profile.close' }));
  } finally {
    yield put(photoUploadFinished());
  }
}

/** The view mode is saved on click: locally at once, and on the server. */
function* saveViewMode(action: ReturnType<typeof viewModeChosen>) {
  const mode: DetailViewMode = action.payload;
  localStorage.setItem(VIEW_MODE_KEY, mode);
  try {
    yield call(notificationsApi.setPreferences, { emailDetailViewMode: mode });
  } catch (error) {
    console.warn('the view mode could not be saved', error);
  }
}

export function* profileSaga() {
  yield takeLatest(profileOpened.type, open);
  yield takeLeading(photoUploadRequested.type, upload);
  yield takeEvery(viewModeChosen.type, saveViewMode);
}
