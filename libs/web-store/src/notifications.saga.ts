import i18next from 'i18next';
import { eventChannel, type EventChannel, type Task } from 'redux-saga';
import { call, fork, put, race, take, takeEvery, takeLeading } from 'redux-saga/effects';
import { createAction } from '@reduxjs/toolkit';
import {
  SERVICE_WORKER_PATH,
  type Notification,
  type SnoozeMinutes,
  type SnoozeState,
  type UserLanguage,
} from '@teaminbox/contracts';
import { notificationsApi } from '@teaminbox/api-client';
import { notificationArrived } from './events';
import { noticeRaised } from './notices.slice';
import { loggedOut, userLoaded } from './session.slice';

/** The user asked to allow browser notifications (a button of the notifications screen or the bell). */
export const browserNotificationsRequested = createAction('notifications/browserNotificationsRequested');
/** The user chose a snooze of the bell's menu. */
export const snoozeRequested = createAction<SnoozeMinutes>('notifications/snoozeRequested');
/** The snooze as the server has it (null: not snoozed). */
export const snoozeChanged = createAction<string | null>('notifications/snoozeChanged');

export type BrowserPermission = 'granted' | 'denied' | 'default' | 'unavailable';

/** Browser APIs the saga uses, replaceable in tests. */
export interface BrowserNotifications {
  permission(): BrowserPermission;
  requestPermission(): Promise<BrowserPermission>;
  /** Registers the service worker from its fixed root path; null when the browser has none. */
  register(): Promise<ServiceWorkerRegistration | null>;
  /** Subscribes the browser to push with the server's key; null when push is not available. */
  subscribe(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscriptionJSON | null>;
  show(registration: ServiceWorkerRegistration | null, notification: Notification): Promise<void>;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export const browserNotifications: BrowserNotifications = {
  permission: () => (typeof Notification === 'undefined' ? 'unavailable' : Notification.permission),
  async requestPermission() {
    if (typeof Notification === 'undefined' || !Notification.requestPermission) return 'unavailable';
    return Notification.requestPermission();
  },
  async register() {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
    await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
    return navigator.serviceWorker.ready;
  },
  async subscribe(registration, publicKey) {
    if (!registration.pushManager) return null;
    const existing = await registration.pushManager.getSubscription();
    const subscription =
      existing ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      }));
    return subscription.toJSON();
  },
  async show(registration, notification) {
    const options = {
      body: notification.message,
      tag: notification.id,
      data: { actionUrl: notification.actionUrl ?? '/admin/notifications' },
    };
    if (registration) await registration.showNotification(notification.title, options);
    else new Notification(notification.title, options);
  },
};

/** Registers the browser for push: logged only when it cannot (no push service reachable, no support). */
function* subscribeToPush(api: BrowserNotifications, registration: ServiceWorkerRegistration | null) {
  if (!registration) return;
  try {
    const { publicKey }: { publicKey: string } = yield call(notificationsApi.pushPublicKey);
    const subscription: PushSubscriptionJSON | null = yield call(api.subscribe, registration, publicKey);
    if (subscription?.endpoint && subscription.keys?.p256dh && subscription.keys.auth) {
      yield call(notificationsApi.subscribePush, {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      });
    }
  } catch (error) {
    console.warn('browser push is not available', error);
  }
}

const interfaceLanguage = (): UserLanguage | null =>
  i18next.language === 'cs' ? 'cs' : i18next.language === 'en' ? 'en' : null;

/**
 * Keeps the server's `language` preference on the interface language the user chooses while signed in:
 * notifications and their emails are written in it.
 */
function* keepLanguage() {
  const changes: EventChannel<string> = yield call(() =>
    eventChannel<string>((emit) => {
      const changed = (language: string) => emit(language);
      i18next.on('languageChanged', changed);
      return () => i18next.off('languageChanged', changed);
    }),
  );
  try {
    for (;;) {
      yield take(changes);
      const language = interfaceLanguage();
      if (language) yield call(notificationsApi.setPreferences, { language });
    }
  } catch {
    // logged by the client; the next sign-in sends it again
  } finally {
    changes.close();
  }
}

/**
 * Browser notifications for the signed-in user, wherever they are in the app: registers the service worker from its
 * fixed root path after start (a failure is only logged), asks for permission on request (with the spec's notices),
 * subscribes the browser to push once allowed, shows a live notification as a browser notification while permission
 * is granted and the notification is not silent (snoozed), snoozes on request, and keeps the user's language on the
 * server (notifications and their emails are written in it).
 */
export function createNotificationsSaga(api: BrowserNotifications = browserNotifications) {
  return function* notificationsSaga() {
    let registration: ServiceWorkerRegistration | null = null;
    let snoozedUntil: number | null = null;

    yield takeEvery(notificationArrived.type, function* show(action: ReturnType<typeof notificationArrived>) {
      const notification = action.payload;
      if (notification.silent || (snoozedUntil !== null && snoozedUntil > Date.now())) return;
      if (api.permission() !== 'granted') return;
      try {
        yield call(api.show, registration, notification);
      } catch (error) {
        console.warn('the browser notification could not be shown', error);
      }
    });

    yield takeLeading(browserNotificationsRequested.type, function* request() {
      let permission: BrowserPermission;
      try {
        permission = yield call(api.requestPermission);
      } catch {
        permission = 'unavailable';
      }
      if (permission === 'granted') {
        yield put(noticeRaised({ severity: 'success', key: 'notifications.browserEnabled', lifeMs: 2000 }));
        yield call(subscribeToPush, api, registration);
      } else if (permission === 'unavailable') {
        yield put(noticeRaised({ severity: 'error', key: 'notifications.browserUnavailable', lifeMs: 2000 }));
      } else {
        yield put(noticeRaised({ severity: 'warn', key: 'notifications.browserDenied', lifeMs: 2000 }));
      }
    });

    yield takeLeading(snoozeRequested.type, function* snooze(action: ReturnType<typeof snoozeRequested>) {
      try {
        const state: SnoozeState = yield call(notificationsApi.snoozeFor, action.payload);
        snoozedUntil = state.snoozedUntil ? Date.parse(state.snoozedUntil) : null;
        yield put(snoozeChanged(state.snoozedUntil));
        yield put(
          noticeRaised({ severity: 'info', key: 'notifications.snoozed', values: { n: action.payload }, lifeMs: 2000 }),
        );
      } catch (error) {
        console.warn('snooze failed', error);
      }
    });

    let language: Task | undefined;
    for (;;) {
      const { loaded } = (yield race({ loaded: take(userLoaded.type), out: take(loggedOut.type) })) as {
        loaded?: ReturnType<typeof userLoaded>;
      };
      if (!loaded) {
        language?.cancel();
        language = undefined;
        continue;
      }
      if (!language?.isRunning()) language = (yield fork(keepLanguage)) as Task;
      try {
        registration = yield call(api.register);
      } catch (error) {
        console.warn('the service worker could not be registered', error);
      }
      if (api.permission() === 'granted') yield call(subscribeToPush, api, registration);
    }
  };
}
