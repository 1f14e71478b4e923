import type { SagaIterator } from 'redux-saga';
import { call, put, select, take, takeLatest } from 'redux-saga/effects';
import type { CurrentUser, EmailAction, Page, TeamActivityEntry } from '@teaminbox/contracts';
import { teamActivityApi } from '@teaminbox/api-client';
import { selectCurrentUser, userLoaded } from '@teaminbox/web-store';
import { fromEmailAction } from './activityText';
import {
  activityLoaded,
  activityLoadFailed,
  activityPageRequested,
  activityRequested,
  selectTeamActivity,
  type TeamActivityState,
} from './teamActivitySlice';

function* currentUser(): SagaIterator<CurrentUser> {
  const known = (yield select(selectCurrentUser)) as CurrentUser | null;
  if (known) return known;
  return ((yield take(userLoaded.type)) as ReturnType<typeof userLoaded>).payload;
}

/**
 * The spec: with an email id, that email's actions (newest first here too); otherwise the actions of the current
 * user's team; with neither, an empty list and no call.
 */
function* loadActivity(): SagaIterator {
  const { scope, size } = (yield select(selectTeamActivity)) as TeamActivityState;
  try {
    if (scope.emailId) {
      const actions = (yield call(teamActivityApi.emailActions, scope.emailId)) as EmailAction[];
      const entries = actions.map((action) => fromEmailAction(scope.emailId!, action)).reverse();
      yield put(activityLoaded({ entries, totalElements: entries.length }));
      return;
    }
    const user = (yield call(currentUser)) as CurrentUser;
    if (!user.teamId) {
      yield put(activityLoaded({ entries: [], totalElements: 0 }));
      return;
    }
    const page = (yield call(teamActivityApi.teamActions, {
      teamId: user.teamId,
      page: scope.page,
      size,
    })) as Page<TeamActivityEntry>;
    yield put(activityLoaded({ entries: page.content, totalElements: page.totalElements }));
  } catch (error) {
    console.error('the activity could not be loaded', error);
    yield put(activityLoadFailed());
  }
}

export function* teamActivitySaga(): SagaIterator {
  yield takeLatest([activityRequested.type, activityPageRequested.type], loadActivity);
}
