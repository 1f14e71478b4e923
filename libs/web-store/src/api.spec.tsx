import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Label } from '@teaminbox/contracts';
import { apiEvents, tokenStore, type ApiEvent } from '@teaminbox/api-client';
import { httpBaseQuery } from './api';
import { labelChanged } from './events';
import { loggedOut, userLoaded } from './session.slice';
import { createAppStore } from './store';
import { selectTeamLabels, selectTeamMembers, useTeamLabels, useTeamMembers } from './team.api';
import { answerServerCalls, createOfflineStore, stubSignedInCalls } from './testing';

const me = { id: 'u1', email: 'ann@x.test', firstName: 'Ann', lastName: null, role: 'ADMIN' as const, teamId: 't1' };
const ann = { id: 'u1', name: 'Ann', email: 'ann@x.test', role: 'ADMIN' as const };
const bob = { id: 'u2', name: 'Bob', email: 'bob@x.test', role: 'MEMBER' as const };
const label = (name: string): Label =>
  ({ id: 'l1', name, color: 'danger', backgroundColor: 'solid', teamId: 't1' }) as Label;

const callsTo = (fetch: jest.SpyInstance, url: string) => fetch.mock.calls.filter(([called]) => called === url).length;

/** Two screens of two remotes, each showing the team's members and labels. */
function Screens() {
  const members = useTeamMembers();
  const labels = useTeamLabels();
  return (
    <p data-testid="screen">
      {members.map((m) => m.name).join(',')}|{labels.map((l) => l.name).join(',')}
    </p>
  );
}

function renderScreens(store: ReturnType<typeof createAppStore>) {
  render(
    <Provider store={store}>
      <Screens />
      <Screens />
    </Provider>,
  );
}

describe('the api cache', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('calls the server through the app’s http client: the bearer token, and a 401 ends the session', async () => {
    tokenStore.set('token-1');
    const events: ApiEvent[] = [];
    const unsubscribe = apiEvents.subscribe((event) => events.push(event));
    const fetch = answerServerCalls({});
    fetch.mockResolvedValueOnce({ ok: true, status: 200, statusText: 'OK', text: async () => '[]' } as Response);
    fetch.mockResolvedValueOnce({
      ok: false,
      status: 401,
      statusText: 'Unauthorized',
      text: async () => JSON.stringify({ message: 'Token expired' }),
    } as Response);
    const api = { signal: new AbortController().signal } as Parameters<typeof httpBaseQuery>[1];

    expect(await httpBaseQuery({ path: '/team/members' }, api, {})).toEqual({ data: [] });
    expect(fetch.mock.calls[0][0]).toBe('/api/team/members');
    expect(fetch.mock.calls[0][1].headers.authorization).toBe('Bearer token-1');

    expect(await httpBaseQuery({ path: '/team/members' }, api, {})).toEqual({
      error: { status: 401, message: 'Token expired', body: { message: 'Token expired' } },
    });
    expect(events).toEqual([{ type: 'unauthorized' }]);
    unsubscribe();
  });

  it('fetches the team’s members once for every screen showing them', async () => {
    stubSignedInCalls();
    const fetch = answerServerCalls({
      'GET /api/team/members': [ann, bob],
      'GET /api/email-labels?teamId=t1': [label('VIP')],
    });
    const store = createOfflineStore();
    act(() => {
      store.dispatch(userLoaded(me));
    });
    await waitFor(() => expect(selectTeamMembers(store.getState())).toEqual([ann, bob]));

    renderScreens(store);
    await waitFor(() => expect(screen.getAllByTestId('screen')[0]).toHaveTextContent('Ann,Bob|VIP'));
    expect(screen.getAllByTestId('screen')[1]).toHaveTextContent('Ann,Bob|VIP');
    expect(callsTo(fetch, '/api/team/members')).toBe(1);
    expect(callsTo(fetch, '/api/email-labels?teamId=t1')).toBe(1);
  });

  it('loads the labels again when a push says one changed, and forgets everything on logout', async () => {
    const fetch = answerServerCalls({
      'GET /api/team/members': [ann],
      'GET /api/email-labels?teamId=t1': [label('VIP')],
    });
    const store = createAppStore({ withoutCoreSagas: true });
    store.dispatch(userLoaded(me));
    renderScreens(store);
    await waitFor(() => expect(screen.getAllByTestId('screen')[0]).toHaveTextContent('Ann|VIP'));

    answerServerCalls({ 'GET /api/email-labels?teamId=t1': [label('Urgent')] });
    act(() => {
      store.dispatch(labelChanged({ kind: 'updated', label: label('Urgent') }));
    });
    await waitFor(() => expect(screen.getAllByTestId('screen')[0]).toHaveTextContent('Ann|Urgent'));
    expect(callsTo(fetch, '/api/email-labels?teamId=t1')).toBe(2);
    // The push says nothing of the members: they are not asked for again.
    expect(callsTo(fetch, '/api/team/members')).toBe(1);

    act(() => {
      store.dispatch(loggedOut());
    });
    expect(selectTeamMembers(store.getState())).toEqual([]);
    expect(selectTeamLabels(store.getState())).toEqual([]);
  });

  it('offers no members or labels when they cannot be loaded', async () => {
    const fetch = answerServerCalls({});
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = createAppStore({ withoutCoreSagas: true });
    store.dispatch(userLoaded(me));
    renderScreens(store);
    await waitFor(() => expect(callsTo(fetch, '/api/team/members')).toBe(1));
    await waitFor(() => expect(store.getState().api.queries['teamMembers(undefined)']?.status).toBe('rejected'));
    expect(screen.getAllByTestId('screen')[0]).toHaveTextContent(/^\|$/);
    expect(warn).toHaveBeenCalled();
  });
});
