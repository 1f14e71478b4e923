import { all, call, put, race, select, take, takeEvery } from 'redux-saga/effects';
import type { CurrentUser, TeamMember } from '@teaminbox/contracts';
import { notificationsApi } from '@teaminbox/api-client';
import { profilePhotoChanged } from './events';
import { personPhotoLoaded, type PeopleState } from './people.slice';
import { loggedOut, userLoaded } from './session.slice';
import { teamApi } from './team.api';

type MembersQuery = ReturnType<ReturnType<typeof teamApi.endpoints.teamMembers.initiate>>;

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

/**
 * Fetches the team's members into the api cache (fresh: the team may have changed) and holds them there while the
 * user is signed in, so that an avatar found by address finds its member on every screen. Returns the subscription.
 */
function* loadTeam(urls: ObjectUrls, user: CurrentUser) {
  let members: TeamMember[] = [];
  let query: MembersQuery | undefined;
  if (user.teamId) {
    query = (yield put(
      teamApi.endpoints.teamMembers.initiate(undefined, { forceRefetch: true }) as never,
    )) as MembersQuery;
    try {
      // A logout while the call is under way clears the cache: the query then ends without members.
      members = ((yield call([query, query.unwrap])) as TeamMember[] | undefined) ?? [];
    } catch (error) {
      console.warn('the team members could not be loaded', error);
    }
  }
  const others = members.filter((m) => m.id !== user.id).map((m) => call(loadPhoto, urls, m.id, false));
  yield all([call(loadPhoto, urls, user.id, true), ...others]);
  return query;
}

/**
 * The team's members and their photos, loaded when a user is known (each sign-in and page load, so another member's
 * new photo shows on the next load) and again for the user whose photo changed.
 */
export function createPeopleSaga(urls: ObjectUrls = browserUrls) {
  return function* peopleSaga() {
    let me: CurrentUser | null = null;
    let members: MembersQuery | undefined;
    yield takeEvery(profilePhotoChanged.type, function* changed(action: ReturnType<typeof profilePhotoChanged>) {
      yield call(loadPhoto, urls, action.payload, action.payload === me?.id);
    });
    for (;;) {
      const { loaded } = (yield race({ loaded: take(userLoaded.type), out: take(loggedOut.type) })) as {
        loaded?: ReturnType<typeof userLoaded>;
      };
      me = loaded?.payload ?? null;
      const previous = members;
      members = me ? ((yield call(loadTeam, urls, me)) as MembersQuery | undefined) : undefined;
      previous?.unsubscribe();
    }
  };
}
