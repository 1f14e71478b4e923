import { createElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook } from '@testing-library/react';
import { notificationsApi } from '@teaminbox/api-client';
import { profilePhotoChanged } from './events';
import { selectPersonPhoto, usePersonPhotos } from './people.slice';
import { loggedOut, userLoaded } from './session.slice';
import { selectTeamMembers } from './team.api';
import { answerServerCalls, createOfflineStore, stubSignedInCalls } from './testing';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const me = { id: 'u1', email: 'ann@x.test', firstName: 'Ann', lastName: null, role: 'MEMBER' as const, teamId: 't1' };
const members = [
  { id: 'u1', name: 'Ann', email: 'ann@x.test', role: 'MEMBER' as const },
  { id: 'u2', name: 'Bob', email: 'Bob@X.test', role: 'MEMBER' as const },
  { id: 'u3', name: 'Cid', email: 'cid@x.test', role: 'MEMBER' as const },
];

function setUp() {
  let made = 0;
  const urls = { create: jest.fn(() => `blob:${++made}`), revoke: jest.fn() };
  stubSignedInCalls();
  const fetched = answerServerCalls({ 'GET /api/team/members': members });
  jest.spyOn(notificationsApi, 'ownPhoto').mockResolvedValue(new Blob(['me']));
  const photoOf = jest
    .spyOn(notificationsApi, 'photoOf')
    .mockImplementation(async (id) => (id === 'u2' ? new Blob(['bob']) : null));
  const store = createOfflineStore({ objectUrls: urls });
  const memberCalls = () => fetched.mock.calls.filter(([url]) => url === '/api/team/members').length;
  return { store, urls, photoOf, memberCalls };
}

describe('the team members’ photos', () => {
  afterEach(() => jest.restoreAllMocks());

  it('loads every member and their photo once a user is known; none means initials (null)', async () => {
    const { store, photoOf } = setUp();
    store.dispatch(userLoaded(me));
    await flush();
    expect(selectTeamMembers(store.getState())).toEqual(members);
    expect(photoOf).toHaveBeenCalledWith('u2');
    expect(photoOf).not.toHaveBeenCalledWith('u1');
    const state = store.getState();
    expect(selectPersonPhoto(state, 'u1', null)).not.toBeNull();
    expect(selectPersonPhoto(state, 'u2', null)).not.toBeNull();
    expect(selectPersonPhoto(state, null, 'bob@x.TEST')).toBe(selectPersonPhoto(state, 'u2', null));
    expect(selectPersonPhoto(state, 'u3', null)).toBeNull();
    expect(selectPersonPhoto(state, null, 'stranger@x.test')).toBeNull();
  });

  it('loads a changed photo again and frees the old one', async () => {
    const { store, urls, photoOf } = setUp();
    store.dispatch(userLoaded(me));
    await flush();
    const before = selectPersonPhoto(store.getState(), 'u2', null);
    photoOf.mockResolvedValue(new Blob(['new']));
    store.dispatch(profilePhotoChanged('u2'));
    await flush();
    const after = selectPersonPhoto(store.getState(), 'u2', null);
    expect(after).not.toBe(before);
    expect(urls.revoke).toHaveBeenCalledWith(before);
  });

  it('gives a screen each person’s photo by id or by address, and the new one when a photo changes', async () => {
    const { store, photoOf } = setUp();
    store.dispatch(userLoaded(me));
    await flush();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(Provider, { store, children });
    const { result } = renderHook(() => usePersonPhotos(), { wrapper });
    const bob = result.current('u2', null);
    expect(bob).toMatch(/^blob:/);
    expect(result.current(null, 'BOB@x.test')).toBe(bob);
    expect(result.current('u3', 'cid@x.test')).toBeNull();
    expect(result.current(null, 'stranger@x.test')).toBeNull();

    photoOf.mockResolvedValue(new Blob(['new']));
    await act(async () => {
      store.dispatch(profilePhotoChanged('u2'));
      await flush();
    });
    expect(result.current(null, 'bob@x.test')).toMatch(/^blob:/);
    expect(result.current(null, 'bob@x.test')).not.toBe(bob);
  });

  it('fetches the members again for each user known and forgets them on logout', async () => {
    const { store, memberCalls } = setUp();
    store.dispatch(userLoaded(me));
    await flush();
    store.dispatch(userLoaded(me));
    await flush();
    expect(memberCalls()).toBe(2);
    expect(selectTeamMembers(store.getState())).toEqual(members);

    store.dispatch(loggedOut());
    await flush();
    expect(selectTeamMembers(store.getState())).toEqual([]);
    expect(selectPersonPhoto(store.getState(), null, 'bob@x.test')).toBeNull();
  });

  it('asks for no members of a user without a team', async () => {
    const { store, memberCalls } = setUp();
    store.dispatch(userLoaded({ ...me, teamId: null }));
    await flush();
    expect(memberCalls()).toBe(0);
    expect(selectTeamMembers(store.getState())).toEqual([]);
  });
});
