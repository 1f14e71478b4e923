import { StrictMode, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature } from '@teaminbox/web-store';
import { shellFeature } from '../app/shell.feature';

/** Renders a screen with the real store (and the shell's own feature) at a route (matched by `pattern`). */
export function renderScreen(
  path: string,
  element: ReactElement,
  extraRoutes: Record<string, string> = {},
  { pattern = path, strict = false }: { pattern?: string; strict?: boolean } = {},
) {
  initI18n('en');
  const store = createAppStore();
  injectFeature(store, shellFeature);
  const tree = (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          {Object.entries(extraRoutes).map(([p, text]) => (
            <Route key={p} path={p} element={<p>{text}</p>} />
          ))}
        </Routes>
      </MemoryRouter>
    </Provider>
  );
  // React StrictMode (as in the app) runs each effect twice on mount.
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { store, ...view };
}

/** A fetch answering from a table of 'METHOD /path' to [status, body]; records the calls. */
export function fakeFetch(routes: Record<string, [number, unknown]>) {
  const calls: { method: string; path: string; body?: string; headers: Record<string, string> }[] = [];
  const fn = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.split('?')[0];
    calls.push({
      method,
      path,
      body: init.body as string | undefined,
      headers: init.headers as Record<string, string>,
    });
    const [status, body] = routes[`${method} ${path}`] ?? [404, { message: 'Not found' }];
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => text };
  });
  global.fetch = fn as unknown as typeof fetch;
  return calls;
}
