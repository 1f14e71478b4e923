/** A test's server behind `fetch`: routes answer the api cache's calls, every call is recorded. */

/** An answer with a status other than 200. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export const failure = (status = 500, message = 'Internal Server Error') => new Reply(status, { message });

export interface Call {
  method: string;
  /** The path under /api without its query string. */
  path: string;
  query: URLSearchParams;
  body?: unknown;
}

/** A route's answer: a body (200), a Reply, or a function of the call giving either (possibly later). */
export type Route = unknown;

/** An answer given only when the test says so. */
export function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => (resolve = ok));
  return { promise, resolve };
}

/**
 * Answers 'METHOD /api/path' (any query string) from `routes`; an unknown call answers 404. `route` adds or changes
 * a route; `calls(method, path)` lists the calls made to one.
 */
export function fakeServer(routes: Record<string, Route>) {
  const table: Record<string, Route> = { ...routes };
  const made: Call[] = [];
  const fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const call: Call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    };
    made.push(call);
    const route = table[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? await (route as (call: Call) => unknown)(call) : route;
    const reply =
      answer instanceof Reply
        ? answer
        : route === undefined
          ? new Reply(404, { message: 'Not found' })
          : new Reply(200, answer);
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return { ok: reply.status < 300, status: reply.status, statusText: '', text: async () => text } as Response;
  });
  global.fetch = fetch as unknown as typeof global.fetch;
  return {
    route(key: string, answer: Route) {
      table[key] = answer;
    },
    calls: (method: string, path: string) => made.filter((call) => call.method === method && call.path === path),
  };
}

/** A route answering each call with the next of `answers` (each a body, a Reply or a promise); the last repeats. */
export function inTurn(...answers: (() => unknown)[]): () => unknown {
  const left = [...answers];
  return () => (left.length > 1 ? left.shift()! : left[0])();
}
