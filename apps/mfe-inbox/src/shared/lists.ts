import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';

/** A list loaded for a screen; one that cannot be loaded is empty (the spec's silent case). */
export function* listOrEmpty<T>(fetch: () => Promise<T[]>): SagaIterator<T[]> {
  try {
    return (yield call(fetch)) as T[];
  } catch {
    return [];
  }
}
