type Answers = Record<string, unknown>;
type AnsweringFetch = jest.SpyInstance & { answers?: Answers };

/**
 * For tests without a server: answers the api cache's calls (which go through `fetch`) from a table of
 * 'METHOD /api/path' -> body, 200 each; any other call fails as an unreachable network would. Called again in a
 * test, it changes or adds answers. Restored with the test's other mocks (`jest.restoreAllMocks`).
 */
export function answerServerCalls(answers: Answers): jest.SpyInstance {
  const global = globalThis as { fetch?: typeof fetch };
  const current = global.fetch as unknown as AnsweringFetch | undefined;
  if (current?.answers && jest.isMockFunction(global.fetch)) {
    Object.assign(current.answers, answers);
    return current;
  }
  if (!global.fetch) global.fetch = () => Promise.reject(new TypeError('no network in this test'));
  const unanswered = global.fetch;
  const table: Answers = { ...answers };
  const spy: AnsweringFetch = jest
    .spyOn(global as { fetch: typeof fetch }, 'fetch')
    .mockImplementation(async (input, init) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      if (!(key in table)) return unanswered(input, init);
      const body = JSON.stringify(table[key]);
      return { ok: true, status: 200, statusText: 'OK', text: async () => body } as Response;
    });
  spy.answers = table;
  return spy;
}
