import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Team } from '@teaminbox/contracts';
import { api, ApiError } from '@teaminbox/api-client';
import { noticeRaised, userRefreshRequested } from '@teaminbox/web-store';
import { teamCreated, teamCreationFailed, teamCreationRequested, teamLoaded, teamRequested } from './teamSlice';

export const TEAM_NOTICE_MS = 3000;

function* loadTeam() {
  try {
    const team: Team = yield call(api.getTeam);
    yield put(teamLoaded(team));
  } catch {
    // The spec's silent case: team load errors are only logged; 404 means no team yet.
    yield put(teamLoaded(null));
  }
}

function* createTeam(action: ReturnType<typeof teamCreationRequested>) {
  try {
    yield call(api.createTeam, action.payload);
    yield put(teamCreated());
    yield put(noticeRaised({ severity: 'success', key: 'team.created', lifeMs: TEAM_NOTICE_MS }));
    // The current user's teamId changes: the shell's session fetches the user again.
    yield put(userRefreshRequested());
  } catch (error) {
    yield put(teamCreationFailed());
    const text = error instanceof ApiError && error.status !== 0 && error.message ? error.message : undefined;
    yield put(
      noticeRaised({ severity: 'error', text, key: text ? undefined : 'team.createFailed', lifeMs: TEAM_NOTICE_MS }),
    );
  }
}

export function* teamSaga() {
  yield takeLatest(teamRequested.type, loadTeam);
  yield takeLeading(teamCreationRequested.type, createTeam);
}
