import type { ApiFailure } from './api';

/**
 * An endpoint's `onQueryStarted` that logs the call's failure under a readable name, for the lists whose load
 * failures the spec has only logged (the screen keeps what it showed). The cache keeps the failure as well.
 */
export function logFailure(what: string, level: 'error' | 'warn' = 'error') {
  return async (_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }): Promise<void> => {
    try {
      await queryFulfilled;
    } catch (failed) {
      console[level](what, (failed as { error?: ApiFailure }).error ?? failed);
    }
  };
}

/** An endpoint's `onQueryStarted` that logs a failure as a warning: the screen shows its own fallback. */
export const warnOnFailure = (what: string) => logFailure(what, 'warn');
