import { eventChannel, type EventChannel } from 'redux-saga';
import { call, cancelled, fork, put, race, take } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { api, ApiError, createRealtimeClient, tokenStore, type RealtimeOptions } from '@teaminbox/api-client';
import {
  commentChanged,
  emailArrived,
  emailUpdated,
  labelChanged,
  notificationArrived,
  notificationCountChanged,
  presenceChanged,
  profilePhotoChanged,
  replyChanged,
  replyTemplateChanged,
  unreadCountChanged,
} from './events';
import { connected, disconnected } from './realtime.slice';
import { loggedOut, userLoaded } from './session.slice';

export type RealtimeClientFactory = typeof createRealtimeClient;

function realtimeChannel(factory: RealtimeClientFactory, options: RealtimeOptions): EventChannel<Action> {
  return eventChannel<Action>((emit) => {
    const client = factory(options, {
      onStatus: (status) => emit(status === 'connected' ? connected() : disconnected()),
      onEmailCreated: (email) => emit(emailArrived(email)),
      onUnreadCount: (count) => emit(unreadCountChanged(count)),
      onEmailUpdated: (change) => emit(emailUpdated(change)),
      onComment: (change) => emit(commentChanged(change)),
      onReply: (change) => emit(replyChanged(change)),
      onPresence: (presence) => emit(presenceChanged(presence)),
      onLabelChanged: (change) => emit(labelChanged(change)),
      onReplyTemplateChanged: (change) => emit(replyTemplateChanged(change)),
      onNotification: (notification) => emit(notificationArrived(notification)),
      onNotificationCount: (count) => emit(notificationCountChanged(count)),
      onPersonPhotoChanged: (userId) => emit(profilePhotoChanged(userId)),
    });
    return () => client.close();
  });
}

/**
 * Whether the stored token still opens a session, asked when the server dropped the socket. A 401
 * also ends the session in the store (the session saga logs out, which closes the socket).
 */
export async function sessionStillValid(): Promise<boolean> {
  try {
    const user = await api.loggedInUser();
    return Boolean(user && user.id);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
    throw error;
  }
}

function* connection(factory: RealtimeClientFactory) {
  const channel: EventChannel<Action> = yield call(realtimeChannel, factory, {
    token: () => tokenStore.get(),
    checkSession: sessionStillValid,
  });
  try {
    for (;;) {
      const action: Action = yield take(channel);
      yield put(action);
    }
  } finally {
    channel.close();
    if ((yield cancelled()) as boolean) yield put(disconnected());
  }
}

/**
 * The one socket of the app: opened when a user is known, re-opened when the user's team changes
 * (the server joins rooms at the handshake), closed on logout.
 */
export function createRealtimeSaga(factory: RealtimeClientFactory = createRealtimeClient) {
  return function* realtimeSaga() {
    let task: Task | undefined;
    let teamId: string | null | undefined;
    for (;;) {
      const { loaded, out } = (yield race({ loaded: take(userLoaded.type), out: take(loggedOut.type) })) as {
        loaded?: ReturnType<typeof userLoaded>;
        out?: unknown;
      };
      if (out || !loaded) {
        if (task) task.cancel();
        task = undefined;
        teamId = undefined;
        continue;
      }
      if (!tokenStore.get()) continue;
      if (task && task.isRunning() && teamId === loaded.payload.teamId) continue;
      if (task) task.cancel();
      teamId = loaded.payload.teamId;
      task = (yield fork(connection, factory)) as Task;
    }
  };
}
