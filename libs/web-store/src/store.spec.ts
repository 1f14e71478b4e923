import { createAction, createSlice } from '@reduxjs/toolkit';
import { put, take, takeEvery } from 'redux-saga/effects';
import type { Email } from '@teaminbox/contracts';
import type { RealtimeHandlers } from '@teaminbox/api-client';
import { emailArrived } from './events';
import { selectRealtimeStatus } from './realtime.slice';
import { loggedOut, userLoaded } from './session.slice';
import { createAppStore, injectFeature, type RemoteFeature } from './store';
import { stubSignedInCalls } from './testing/signed-in-calls';

const pinged = createAction('counter/pinged');
const ponged = createAction('counter/ponged');

const counterSlice = createSlice({
  name: 'counter',
  initialState: { pings: 0, pongs: 0 },
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(pinged, (state) => void state.pings++).addCase(ponged, (state) => void state.pongs++);
  },
});

function* counterSaga() {
  yield takeEvery(pinged.type, function* () {
    yield put(ponged());
  });
}

const counterFeature: RemoteFeature = { key: 'counter', slices: [counterSlice], saga: counterSaga };
const counterOf = (state: unknown) => (state as { counter?: { pings: number; pongs: number } }).counter;

describe('the store', () => {
  afterEach(() => jest.restoreAllMocks());

  it('takes a slice and a saga injected at runtime', () => {
    const store = createAppStore({ withoutCoreSagas: true });
    expect(counterOf(store.getState())).toBeUndefined();

    expect(injectFeature(store, counterFeature)).toBe(true);
    expect(counterOf(store.getState())).toEqual({ pings: 0, pongs: 0 });

    store.dispatch(pinged());
    expect(counterOf(store.getState())).toEqual({ pings: 1, pongs: 1 });
  });

  it('does not inject a feature twice (its saga runs once)', () => {
    const store = createAppStore({ withoutCoreSagas: true });
    injectFeature(store, counterFeature);
    expect(injectFeature(store, counterFeature)).toBe(false);
    expect(store.injectSaga('counter', counterSaga)).toBe(false);

    store.dispatch(pinged());
    expect(counterOf(store.getState())).toEqual({ pings: 1, pongs: 1 });
  });

  it('keeps other sagas running when one fails, and restarts the failed one', () => {
    const store = createAppStore({ withoutCoreSagas: true });
    const boom = createAction('test/boom');
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let starts = 0;
    store.injectSaga('fragile', function* fragile() {
      starts++;
      yield take(boom.type);
      throw new Error('fragile saga failed');
    });
    injectFeature(store, counterFeature);

    store.dispatch(boom());
    store.dispatch(pinged());
    error.mockRestore();

    expect(starts).toBe(2);
    expect(counterOf(store.getState())).toEqual({ pings: 1, pongs: 1 });
  });

  it('opens the realtime connection for a signed-in user and dispatches its events', () => {
    stubSignedInCalls();
    let handlers: RealtimeHandlers | undefined;
    const closed: string[] = [];
    const tokens: (string | null)[] = [];
    const store = createAppStore({
      realtimeClientFactory: (options, h) => {
        handlers = h;
        tokens.push(typeof options.token === 'function' ? options.token() : options.token);
        return { status: () => 'connected', close: () => closed.push('closed') };
      },
    });
    // Signed in after start-up, so the session saga has no stored token to check.
    localStorage.setItem('access_token', 'token-1');

    store.dispatch(
      userLoaded({ id: 'u1', email: 'a@b.cz', firstName: null, lastName: null, role: null, teamId: 't1' }),
    );
    expect(handlers).toBeDefined();
    expect(tokens).toEqual(['token-1']);
    handlers!.onStatus('connected');
    expect(selectRealtimeStatus(store.getState())).toBe('connected');

    const dispatched: unknown[] = [];
    store.injectSaga('spy', function* spy() {
      yield takeEvery(emailArrived.type, function* (action) {
        dispatched.push(action);
        yield;
      });
    });
    handlers!.onEmailCreated({ id: 'e1' } as Email);
    expect(dispatched).toEqual([emailArrived({ id: 'e1' } as Email)]);

    store.dispatch(loggedOut());
    expect(closed).toEqual(['closed']);
    expect(selectRealtimeStatus(store.getState())).toBe('disconnected');
    localStorage.clear();
  });
});
