import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { CurrentUser } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import {
  type AppStore,
  createAppStore,
  injectFeature,
  NoticeHost,
  selectPendingNotices,
  userLoaded,
} from '@teaminbox/web-store';
import feature from '../feature';

type Answer = [number, unknown];

/**
 * 'METHOD /api/path?query' -> [status, body]; a function answers from the request body; a list answers the calls in
 * turn, its last answer repeating.
 */
export type Routes = Record<string, Answer | Answer[] | ((body: unknown) => Answer)>;

export interface Call {
  method: string;
  path: string;
  body?: unknown;
}

const isList = (route: Answer | Answer[]): route is Answer[] => Array.isArray(route[0]);

/** A request's body as the server reads it: JSON parsed, plain text as it is. */
function readBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string' || !body) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * A fetch answering from a table of routes (unknown ones 404), recording every call. A route may be held back
 * (`hold`) until the test releases it, to see what the screen shows while a call is under way.
 */
export function fakeFetch(routes: Routes) {
  const calls: Call[] = [];
  const held = new Map<string, () => void>();
  const holding = new Set<string>();
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = readBody(init.body);
    calls.push({ method, path: url, body });
    const key = `${method} ${url}`;
    const before = calls.filter((call) => call.method === method && call.path === url).length - 1;
    if (holding.has(key)) await new Promise<void>((resolve) => held.set(key, resolve));
    const route = routes[key];
    const [status, answer]: Answer =
      typeof route === 'function'
        ? route(body)
        : !route
          ? [404, { message: 'Not found' }]
          : isList(route)
            ? route[Math.min(before, route.length - 1)]
            : route;
    return {
      ok: status < 300,
      status,
      statusText: '',
      text: async () => (answer === undefined ? '' : JSON.stringify(answer)),
    };
  }) as unknown as typeof fetch;
  return {
    calls,
    hold: (key: string) => holding.add(key),
    release: (key: string) => {
      holding.delete(key);
      held.get(key)?.();
    },
  };
}

export const me: CurrentUser = {
  id: 'u-1',
  email: 'jana@example.com',
  firstName: 'Jana',
  lastName: 'Nováková',
  role: 'ADMIN',
  teamId: 't-1',
};

/** The page with the admin remote's feature in a store of its own (no socket), signed in as `user`. */
export function renderPage(
  Page: ComponentType,
  routes: Routes,
  options: { user?: CurrentUser | null; notices?: boolean } = {},
) {
  initI18n('en');
  const fetch = fakeFetch(routes);
  const store: AppStore = createAppStore({ withoutCoreSagas: true });
  const user = options.user === undefined ? me : options.user;
  if (user) store.dispatch(userLoaded(user));
  injectFeature(store, feature);
  render(
    <Provider store={store}>
      <MemoryRouter>
        {options.notices ? <NoticeHost /> : null}
        <Page />
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...fetch };
}

export const noticesOf = (store: AppStore) => selectPendingNotices(store.getState());
