import { call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Team } from '@teaminbox/contracts';
import { api, ApiError } from '@teaminbox/api-client';
import { noticeRaised, userRefreshRequested, webApi } from '@teaminbox/web-store';
import {
  invitationDeleted,
  invitationDeletionConfirmed,
  invitationDeletionFailed,
  invitationSendFailed,
  invitationSendRequested,
  invitationSent,
  memberRemovalConfirmed,
  memberRemovalFailed,
  memberRemoved,
  memberRoleChanged,
  memberRoleChangeFailed,
  memberRoleChangeRequested,
  teamCreated,
  teamCreationFailed,
  teamCreationRequested,
  teamLoaded,
  teamRequested,
} from './teamSlice';

/** The spec: 3 s for team messages and errors, 2 s for other successes. */
export const TEAM_NOTICE_MS = 3000;
export const SUCCESS_NOTICE_MS = 2000;

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

/** Role change and removal failures show the server's message; 403 shows 'Forbidden!'. */
function failureNotice(error: unknown) {
  if (error instanceof ApiError && error.status === 403) {
    return noticeRaised({ severity: 'error', key: 'errors.forbidden', lifeMs: TEAM_NOTICE_MS });
  }
  const text = error instanceof Error && error.message ? error.message : String(error);
  return noticeRaised({ severity: 'error', text, lifeMs: TEAM_NOTICE_MS });
}

function* changeRole(action: ReturnType<typeof memberRoleChangeRequested>) {
  const { memberId, role } = action.payload;
  try {
    yield call(api.changeMemberRole, memberId, role);
    yield put(memberRoleChanged(memberId));
    yield put(noticeRaised({ severity: 'success', key: 'team.roleChanged', lifeMs: SUCCESS_NOTICE_MS }));
    yield put(teamRequested());
    // Every screen listing the members (rules, audit, inbox) fetches them again.
    yield put(webApi.util.invalidateTags(['Member']));
  } catch (error) {
    yield put(memberRoleChangeFailed(memberId));
    yield put(failureNotice(error));
  }
}

function* removeMember(action: ReturnType<typeof memberRemovalConfirmed>) {
  try {
    yield call(api.removeMember, action.payload);
    yield put(memberRemoved(action.payload));
    yield put(noticeRaised({ severity: 'success', key: 'team.removed', lifeMs: TEAM_NOTICE_MS }));
    yield put(teamRequested());
    yield put(webApi.util.invalidateTags(['Member']));
  } catch (error) {
    yield put(memberRemovalFailed(action.payload));
    yield put(failureNotice(error));
  }
}

/** Invitation send and delete failures are only logged (the api client logs them), no notice. */
function* sendInvitation(action: ReturnType<typeof invitationSendRequested>) {
  try {
    yield call(api.sendInvitation, action.payload.email, action.payload.role);
    yield put(invitationSent(action.payload.email));
    yield put(noticeRaised({ severity: 'info', key: 'team.invitationSent', lifeMs: SUCCESS_NOTICE_MS }));
    yield put(teamRequested());
  } catch {
    yield put(invitationSendFailed(action.payload.email));
  }
}

function* deleteInvitation(action: ReturnType<typeof invitationDeletionConfirmed>) {
  try {
    yield call(api.deleteInvitation, action.payload);
    yield put(invitationDeleted(action.payload));
    yield put(teamRequested());
  } catch {
    yield put(invitationDeletionFailed(action.payload));
  }
}

export function* teamSaga() {
  yield takeLatest(teamRequested.type, loadTeam);
  yield takeLeading(teamCreationRequested.type, createTeam);
  yield takeEvery(memberRoleChangeRequested.type, changeRole);
  yield takeEvery(memberRemovalConfirmed.type, removeMember);
  yield takeLeading(invitationSendRequested.type, sendInvitation);
  yield takeEvery(invitationDeletionConfirmed.type, deleteInvitation);
}
