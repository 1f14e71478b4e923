import { combineSlices, configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { all, call, spawn } from 'redux-saga/effects';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { webApi } from './api';
import { webApiSaga } from './api.saga';
import { featureInjected } from './events';
import { bellSaga } from './bell.saga';
import { bellSlice } from './bell.slice';
import { createNewEmailNoticeSaga } from './new-email-notice.saga';
import { noticesSlice } from './notices.slice';
import { createPeopleSaga, type ObjectUrls } from './people.saga';
import { peopleSlice } from './people.slice';
import { type BrowserNotifications, createNotificationsSaga } from './notifications.saga';
import { createRealtimeSaga, type RealtimeClientFactory } from './realtime.saga';
import { realtimeSlice } from './realtime.slice';
import { sessionSaga } from './session.saga';
import { sessionSlice } from './session.slice';

/**
 * State added by remotes at runtime. A remote declares its slices by module augmentation:
 * `declare module '@teaminbox/web-store' { interface LazyLoadedSlices { inbox: InboxState } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

const staticReducer = combineSlices(sessionSlice, realtimeSlice, noticesSlice, bellSlice, peopleSlice, webApi);
export type StaticState = ReturnType<typeof staticReducer>;
export type RootState = StaticState & Partial<LazyLoadedSlices>;

/** Anything with a reducer path and a reducer: an RTK slice, or an RTK Query api. */
export interface InjectableSlice {
  reducerPath: string;
  // A slice's reducer takes its own state type; the root reducer only needs the shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  reducer: Reducer<any, UnknownAction>;
}

/** What a remote exports from src/feature.ts and the shell injects when its route first loads. */
export interface RemoteFeature {
  key: string;
  slices: InjectableSlice[];
  saga?: Saga<[]>;
}

/** Runs a saga so that an error in it is logged and the saga restarts, without stopping the others. */
export function keepAlive(name: string, saga: Saga<[]>): Saga<[]> {
  return function* supervised() {
    for (;;) {
      try {
        yield call(saga);
        return;
      } catch (error) {
        console.error(`saga ${name} failed; restarting`, error);
      }
    }
  };
}

export interface CreateAppStoreOptions {
  /** Replace the socket (tests). */
  realtimeClientFactory?: RealtimeClientFactory;
  /** Leave out the built-in sagas (tests of a single feature). */
  withoutCoreSagas?: boolean;
  /** Replace the browser's notification APIs (tests). */
  browserNotifications?: BrowserNotifications;
  /** Replace the browser's object URLs of photos (tests). */
  objectUrls?: ObjectUrls;
  /** Replace where the user is (tests of the new-email notice). */
  currentPath?: () => string;
  /** Replace the clock of the new-email notice (tests). */
  now?: () => number;
}

export function createAppStore(options: CreateAppStoreOptions = {}) {
  const rootReducer = staticReducer.withLazyLoadedSlices<LazyLoadedSlices>();
  const sagaMiddleware = createSagaMiddleware({
    onError: (error) => console.error('saga error', error),
  });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(sagaMiddleware, webApi.middleware),
  });

  const coreSagas: Record<string, Saga<[]>> = options.withoutCoreSagas
    ? {}
    : {
        session: sessionSaga,
        realtime: createRealtimeSaga(options.realtimeClientFactory),
        notifications: createNotificationsSaga(options.browserNotifications),
        bell: bellSaga,
        people: createPeopleSaga(options.objectUrls),
        newEmailNotice: createNewEmailNoticeSaga(options.currentPath, options.now),
      };
  sagaMiddleware.run(function* rootSaga() {
    // The cache's own upkeep runs in every store, tests of a single feature included.
    yield spawn(keepAlive('webApi', webApiSaga));
    yield all(Object.entries(coreSagas).map(([name, saga]) => spawn(keepAlive(name, saga))));
  });

  const runningSagas = new Set<string>();
  const injectedFeatures = new Set<string>();

  return Object.assign(store, {
    /** Adds slices to the root reducer; a slice already there is left as it is. */
    injectSlices(slices: InjectableSlice[]): void {
      for (const slice of slices) rootReducer.inject(slice);
    },
    /** Runs a saga once per key; later calls with the same key do nothing. Returns whether it started. */
    injectSaga(key: string, saga: Saga<[]>): boolean {
      if (runningSagas.has(key)) return false;
      runningSagas.add(key);
      sagaMiddleware.run(keepAlive(key, saga));
      return true;
    },
    hasFeature(key: string): boolean {
      return injectedFeatures.has(key);
    },
    markFeature(key: string): void {
      injectedFeatures.add(key);
    },
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

/** Injects a remote's slices and root saga into the store, once. Returns false when already there. */
export function injectFeature(store: AppStore, feature: RemoteFeature): boolean {
  if (store.hasFeature(feature.key)) return false;
  store.markFeature(feature.key);
  store.injectSlices(feature.slices);
  if (feature.saga) store.injectSaga(feature.key, feature.saga);
  store.dispatch(featureInjected(feature.key));
  return true;
}

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
