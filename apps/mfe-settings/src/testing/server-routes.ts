/** 'METHOD /api/path?query' -> [status, body]; a function answers from the request body, at once or later. */
export type Routes = Record<
  string,
  [number, unknown] | ((body: unknown) => [number, unknown] | Promise<[number, unknown]>)
>;

export interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * For the settings screens' specs: a fetch answering the server calls from a table of routes (an unknown one is a
 * 404), recording every call. The routes object is kept: a test may change it later. Restored with the test's other
 * mocks (`jest.restoreAllMocks`).
 */
export function answerRoutes(routes: Routes): { calls: Call[]; routes: Routes } {
  const calls: Call[] = [];
  const global = globalThis as { fetch?: typeof fetch };
  if (!global.fetch) global.fetch = () => Promise.reject(new TypeError('no network in this test'));
  jest.spyOn(globalThis as { fetch: typeof fetch }, 'fetch').mockImplementation(async (input, init = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : undefined;
    const path = String(input);
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    const [status, answer] =
      typeof route === 'function' ? await route(body) : (route ?? [404, { message: 'Not found' }]);
    const text = answer === undefined ? '' : JSON.stringify(answer);
    return { ok: status < 300, status, statusText: '', text: async () => text } as Response;
  });
  return { calls, routes };
}
