import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { UserPreferences } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature, selectPendingNotices, userLoaded } from '@teaminbox/web-store';
import feature from '../../../feature';
import InboxPage from '../InboxPage';
import { LIST_DENSITY_KEY } from '../listDensity';

const preferences = (listDensity: UserPreferences['listDensity']): UserPreferences => ({
  emailDetailViewMode: 'classic',
  onVacation: false,
  language: 'en',
  listDensity,
  undoSendSeconds: 10,
});

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** A fetch answering from a table of 'METHOD /path'; the calls are recorded. */
function fakeFetch(routes: Record<string, [number, unknown]>) {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path: url, body: init.body ? JSON.parse(init.body as string) : undefined });
    const [status, body] = routes[`${method} ${url}`] ?? [404, { message: 'Not found' }];
    return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return calls;
}

function renderInbox(routes: Record<string, [number, unknown]>) {
  initI18n('en');
  const calls = fakeFetch({
    'GET /api/team/members': [200, []],
    'GET /api/email-labels?teamId=t1': [200, []],
    ...routes,
  });
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(
    userLoaded({ id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: null, teamId: 't1' }),
  );
  injectFeature(store, { ...feature, saga: undefined });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/admin/inbox']}>
        <InboxPage />
      </MemoryRouter>
    </Provider>,
  );
  return { store, calls };
}

const table = () => screen.getByTestId('email-table');
const option = (name: string) => within(screen.getByTestId('list-density')).getByRole('button', { name });

describe('the density of the inbox list', () => {
  beforeEach(() => localStorage.clear());

  it("follows the person's saved preference: compact rows when the preferences say compact", async () => {
    renderInbox({ 'GET /api/user/preferences': [200, preferences('compact')] });
    await waitFor(() => expect(table()).toHaveClass('inbox-density-compact'));
    expect(table()).not.toHaveClass('inbox-density-comfortable');
    expect(option('Compact')).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(LIST_DENSITY_KEY)).toBe('compact');
  });

  it('is comfortable until the preferences say otherwise', async () => {
    const { calls } = renderInbox({ 'GET /api/user/preferences': [200, preferences('comfortable')] });
    expect(table()).toHaveClass('inbox-density-comfortable');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/preferences')).toBe(true));
    expect(table()).toHaveClass('inbox-density-comfortable');
    expect(option('Comfortable')).toHaveAttribute('aria-pressed', 'true');
  });

  it('saves a new choice in the preferences and shows it at once', async () => {
    const { calls } = renderInbox({
      'GET /api/user/preferences': [200, preferences('comfortable')],
      'PUT /api/user/preferences': [200, preferences('compact')],
    });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/preferences')).toBe(true));
    await act(async () => {
      fireEvent.click(option('Compact'));
    });
    await waitFor(() => expect(table()).toHaveClass('inbox-density-compact'));
    expect(calls).toContainEqual({ method: 'PUT', path: '/api/user/preferences', body: { listDensity: 'compact' } });
    expect(localStorage.getItem(LIST_DENSITY_KEY)).toBe('compact');
  });

  it('keeps the previous density and says so when the save fails', async () => {
    const { store, calls } = renderInbox({
      'GET /api/user/preferences': [200, preferences('comfortable')],
      'PUT /api/user/preferences': [500, { message: 'Internal Server Error' }],
    });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/preferences')).toBe(true));
    await act(async () => {
      fireEvent.click(option('Compact'));
    });
    await waitFor(() =>
      expect(selectPendingNotices(store.getState()).map((notice) => notice.key)).toContain('inbox.densityError'),
    );
    expect(table()).toHaveClass('inbox-density-comfortable');
    expect(localStorage.getItem(LIST_DENSITY_KEY)).toBe('comfortable');
  });
});
