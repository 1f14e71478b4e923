import { all, call, put, race, select, take, takeEvery } from 'redux-saga/effects';
import type { CurrentUser, TeamMember } from '@teaminbox/contracts';
import { api, notificationsApi } from '@teaminbox/api-client';
import { profilePhotoChanged } from './events';
import { membersLoaded, personPhotoLoaded, type PeopleState } from './people.slice';
import { loggedOut, userLoaded } from './session.slice';

/** Browser object URLs, replaceable in tests. */
export interface ObjectUrls {
  create(blob: Blob): string;
  revoke(url: string): void;
}

const browserUrls: ObjectUrls = {
  create: (blob) => URL.createObjectURL(blob),
  revoke: (url) => URL.revokeObjectURL(url),
};

/**
 * Loads one person's photo (the caller's own through its own call, so it works without a team too); a load failure
 * means no photo (initials).
 */
function* loadPhoto(urls: ObjectUrls, userId: string, own: boolean) {
  const blob: Blob | null = own ? yield call(notificationsApi.ownPhoto) : yield call(notificationsApi.photoOf, userId);
  const previous: string | null | undefined = yield select(
    (state: { people: PeopleState }) => state.people.photos[userId],
  );
  if (previous) urls.revoke(previous);
  yield put(personPhotoLoaded({ userId, url: blob ? urls.create(blob) : null }));
}

function* loadTeam(urls: ObjectUrls, user: CurrentUser) {
  let members: TeamMember[] = [];
  if (user.teamId) {
    try {
      members = yield call(api.getTeamMembers);
    } catch (error) {
      console.warn('the team members could not be loaded', error);
    }
  }
  yield put(membersLoaded(members));
  const others = members.filter((m) => m.id !== user.id).map((m) => call(loadPhoto, urls, m.id, false));
  yield all([call(loadPhoto, urls, user.id, true), ...others]);
}

/**
 * The team's members and their photos, loaded when a user is known (each sign-in and page load, so another member's
 * new photo shows on the next load) and again for the user whose photo changed.
 */
export function createPeopleSaga(urls: ObjectUrls = browserUrls) {
  return function* peopleSaga() {
    let me: CurrentUser | null = null;
    yield takeEvery(profilePhotoChanged.type, function* changed(action: ReturnType<typeof profilePhotoChanged>) {
      yield call(loadPhoto, urls, action.payload, action.payload === me?.id);
    });
    for (;;) {
      const { loaded } = (yield race({ loaded: take(userLoaded.type), out: take(loggedOut.type) })) as {
        loaded?: ReturnType<typeof userLoaded>;
      };
      me = loaded?.payload ?? null;
      if (me) yield call(loadTeam, urls, me);
    }
  };
}
