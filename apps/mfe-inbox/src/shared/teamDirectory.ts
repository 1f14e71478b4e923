import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { isAssignableRole, type Label, type TeamMember } from '@teaminbox/contracts';
import { api, inboxApi } from '@teaminbox/api-client';
import { labelChanged } from '@teaminbox/web-store';
import { listOrEmpty } from './lists';

/**
 * The team's members and labels, for the filters, menus and cards of the inbox screens. The labels load again
 * whenever a member creates, changes or deletes one (pushed through the realtime connection).
 */
export interface TeamDirectoryState {
  members: TeamMember[];
  labels: Label[];
}

const initialState: TeamDirectoryState = { members: [], labels: [] };

export const teamDirectorySlice = createSlice({
  name: 'teamDirectory',
  initialState,
  reducers: {
    teamDirectoryRequested() {},
    membersLoaded(state, action: PayloadAction<TeamMember[]>) {
      state.members = action.payload;
    },
    labelsLoaded(state, action: PayloadAction<Label[]>) {
      state.labels = action.payload;
    },
  },
});

export const { teamDirectoryRequested, membersLoaded, labelsLoaded } = teamDirectorySlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    teamDirectory: TeamDirectoryState;
  }
}

export const selectTeamDirectory = (state: { teamDirectory?: TeamDirectoryState }): TeamDirectoryState =>
  state.teamDirectory ?? initialState;

function* loadMembers(): SagaIterator {
  yield put(membersLoaded((yield call(listOrEmpty, api.getTeamMembers)) as TeamMember[]));
}

function* loadLabels(): SagaIterator {
  yield put(labelsLoaded((yield call(listOrEmpty, inboxApi.listLabels)) as Label[]));
}

function* loadDirectory(): SagaIterator {
  yield all([call(loadMembers), call(loadLabels)]);
}

export function* teamDirectorySaga(): SagaIterator {
  yield takeLatest(teamDirectoryRequested.type, loadDirectory);
  yield takeLatest(labelChanged.type, loadLabels);
}

/** The members an email may be assigned to (and who are told of a mention): everyone but the auditors. */
export const assignableMembers = (members: readonly TeamMember[]): TeamMember[] =>
  members.filter((member) => isAssignableRole(member.role));
