import { notificationsApi } from '@teaminbox/api-client';
import { selectBell, snoozeEndRequested } from './bell.slice';
import { snoozeRequested } from './notifications.saga';
import { connected } from './realtime.slice';
import { loggedOut, userLoaded } from './session.slice';
import { createOfflineStore, stubSignedInCalls } from './testing';

const user = { id: 'u1', email: 'a@x.test', firstName: null, lastName: null, role: 'MEMBER' as const, teamId: null };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

describe("the bell's snooze", () => {
  afterEach(() => jest.restoreAllMocks());

  it('is loaded once a user is known and again when the socket connects', async () => {
    stubSignedInCalls();
    const until = inMinutes(60);
    const snooze = jest.spyOn(notificationsApi, 'snooze').mockResolvedValue({ snoozedUntil: until });
    const store = createOfflineStore();
    store.dispatch(userLoaded(user));
    await flush();
    expect(selectBell(store.getState()).snoozedUntil).toBe(until);
    // Ended in another tab while this one was not listening.
    snooze.mockResolvedValue({ snoozedUntil: null });
    store.dispatch(connected());
    await flush();
    expect(snooze).toHaveBeenCalledTimes(2);
    expect(selectBell(store.getState()).snoozedUntil).toBeNull();
  });

  it('snoozes and ends the snooze through the server', async () => {
    stubSignedInCalls();
    const store = createOfflineStore();
    store.dispatch(userLoaded(user));
    await flush();
    const until = inMinutes(15);
    const snooze = jest.spyOn(notificationsApi, 'snoozeFor').mockResolvedValue({ snoozedUntil: until });
    store.dispatch(snoozeRequested(15));
    await flush();
    expect(snooze).toHaveBeenCalledWith(15);
    expect(selectBell(store.getState()).snoozedUntil).toBe(until);
    const end = jest.spyOn(notificationsApi, 'endSnooze').mockResolvedValue({ snoozedUntil: null });
    store.dispatch(snoozeEndRequested());
    await flush();
    expect(end).toHaveBeenCalled();
    expect(selectBell(store.getState()).snoozedUntil).toBeNull();
  });

  it('keeps what it showed when the snooze cannot be loaded (logged)', async () => {
    stubSignedInCalls();
    const snooze = jest.spyOn(notificationsApi, 'snooze').mockResolvedValue({ snoozedUntil: inMinutes(60) });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = createOfflineStore();
    store.dispatch(userLoaded(user));
    await flush();
    const shown = selectBell(store.getState()).snoozedUntil;
    snooze.mockRejectedValue(new Error('down'));
    store.dispatch(connected());
    await flush();
    expect(warn).toHaveBeenCalledWith('the snooze of the bell could not be loaded', expect.any(Error));
    expect(selectBell(store.getState()).snoozedUntil).toBe(shown);
  });

  it('is forgotten on logout', async () => {
    stubSignedInCalls();
    jest.spyOn(notificationsApi, 'snooze').mockResolvedValue({ snoozedUntil: inMinutes(60) });
    const store = createOfflineStore();
    store.dispatch(userLoaded(user));
    await flush();
    store.dispatch(loggedOut());
    expect(selectBell(store.getState())).toEqual({ snoozedUntil: null });
  });
});
