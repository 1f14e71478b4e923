type Answers = Record<string, unknown>;

const FAILURE = Symbol('server failure');

/** An answer that fails with this HTTP status (and the server's message), e.g. a 404 of a deleted email. */
export interface ServerFailure {
  [FAILURE]: true;
  status: number;
  message: string;
}

/** For `answerServerCalls`: the call fails with `status`, the body `{ message }` as the server sends it. */
export function serverFailure(status: number, message = 'Failed'): ServerFailure {
  return { [FAILURE]: true, status, message };
}

const isFailure = (answer: unknown): answer is ServerFailure =>
  typeof answer === 'object' && answer !== null && FAILURE in answer;
type AnsweringFetch = jest.SpyInstance & { answers?: Answers };

/**
 * For tests without a server: answers the api cache's calls (which go through `fetch`) from a table of
 * 'METHOD /api/path' -> body, 200 each, or a `serverFailure(status)`; any other call fails as an unreachable network
 * would. Called again in a
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
      const answer = table[key];
      if (isFailure(answer)) {
        const failed = JSON.stringify({ message: answer.message });
        return { ok: false, status: answer.status, statusText: answer.message, text: async () => failed } as Response;
      }
      const body = JSON.stringify(answer);
      return { ok: true, status: 200, statusText: 'OK', text: async () => body } as Response;
    });
  spy.answers = table;
  return spy;
}
