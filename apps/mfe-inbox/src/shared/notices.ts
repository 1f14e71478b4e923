import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import { noticeRaised } from '@teaminbox/web-store';

/** How long notices stay (spec core-inbox section 9): 2 s for successes and information, 3 s for errors. */
export const SUCCESS_MS = 2000;
export const ERROR_MS = 3000;

/** A notice of the inbox remote: an i18n key (with values) and the spec's duration for its severity. */
export const notice = (severity: 'success' | 'info' | 'error', key: string, values?: Record<string, string>) =>
  noticeRaised({ severity, key, values, lifeMs: severity === 'error' ? ERROR_MS : SUCCESS_MS });

export interface Outcome {
  /** The notice key when the call fails. */
  error: string;
  /** The notice key when it succeeds (none: a silent success). */
  success?: string;
  values?: Record<string, string>;
}

/**
 * One API call of a user's action: on success its success notice (if any), on failure its error notice.
 * Returns whether the call succeeded.
 */
export function* attempt(fn: () => Promise<unknown>, outcome: Outcome): SagaIterator<boolean> {
  try {
    yield call(fn);
  } catch {
    yield put(notice('error', outcome.error));
    return false;
  }
  if (outcome.success) yield put(notice('success', outcome.success, outcome.values));
  return true;
}

/** A call whose failure changes nothing for the user (presence, read marks): it is only logged. */
export function* quietly(fn: () => Promise<unknown>, what: string): SagaIterator {
  try {
    yield call(fn);
  } catch (error) {
    console.warn(`${what} failed`, error);
  }
}
