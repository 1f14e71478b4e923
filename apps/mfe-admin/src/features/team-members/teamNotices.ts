import { noticeRaised, type ApiFailure } from '@teaminbox/web-store';

/** The spec: 3 s for team messages and errors, 2 s for other successes. */
export const TEAM_NOTICE_MS = 3000;
export const SUCCESS_NOTICE_MS = 2000;

/** A failed call as the api cache reports it (anything else, e.g. a thrown error, is kept as its text). */
function failureOf(error: unknown): ApiFailure {
  if (error && typeof error === 'object' && 'status' in error && 'message' in error) return error as ApiFailure;
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

/** Role change and removal failures show the server's message; 403 shows 'Forbidden!'. */
export function failureNotice(error: unknown) {
  const failure = failureOf(error);
  if (failure.status === 403) {
    return noticeRaised({ severity: 'error', key: 'errors.forbidden', lifeMs: TEAM_NOTICE_MS });
  }
  return noticeRaised({ severity: 'error', text: failure.message || String(error), lifeMs: TEAM_NOTICE_MS });
}

/** A failed team creation shows the server's message, or 'team.createFailed' when there is none (no network). */
export function creationFailureNotice(error: unknown) {
  const failure = failureOf(error);
  const text = failure.status !== 0 && failure.message ? failure.message : undefined;
  return noticeRaised({ severity: 'error', text, key: text ? undefined : 'team.createFailed', lifeMs: TEAM_NOTICE_MS });
}
