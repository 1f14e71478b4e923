import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { EmailChange, EmailRulesExplanation } from '@teaminbox/contracts';
import { rulesApi } from '@teaminbox/api-client';
import { emailUpdated } from '@teaminbox/web-store';
import { detailClosed, detailOpened, selectEmailDetail, type EmailDetailState } from './emailDetailSlice';
import { rulesExplained, rulesExplanationFailed } from './emailRulesSlice';

/**
 * While the engine has not handled the open email yet (it arrived a moment ago), the explanation is asked for
 * again after these pauses; a rule's action pushes the email's change, which reloads it as well.
 */
export const RULES_RETRY_MS = [1000, 2000, 4000, 8000, 15000];

/** Loads the explanation; a failure is only logged (the panel says it could not be loaded). */
function* explain(id: string): SagaIterator<EmailRulesExplanation | null> {
  try {
    const explanation: EmailRulesExplanation = yield call(rulesApi.emailRules, id);
    yield put(rulesExplained(explanation));
    return explanation;
  } catch (error) {
    console.warn('Could not load the rules of the email', error);
    yield put(rulesExplanationFailed(id));
    return null;
  }
}

const settled = (explanation: EmailRulesExplanation | null) =>
  Boolean(explanation && (explanation.evaluated || explanation.skipped));

function* explainUntilSettled(id: string): SagaIterator {
  let explanation: EmailRulesExplanation | null = yield call(explain, id);
  for (const pause of RULES_RETRY_MS) {
    if (settled(explanation)) return;
    yield delay(pause);
    explanation = yield call(explain, id);
  }
}

function* watchRules(action: PayloadAction<string>): SagaIterator {
  const id = action.payload;
  yield race([
    take((next: { type: string; payload?: unknown }) => next.type === detailClosed.type && next.payload === id),
    call(explainUntilSettled, id),
  ]);
}

/** A change of the open email (a rule's action among them) reloads what the rules did. */
function* reloadOnChange(action: PayloadAction<EmailChange>): SagaIterator {
  const { id }: EmailDetailState = yield select(selectEmailDetail);
  if (id && action.payload.id === id) yield call(explain, id);
}

export function* emailRulesSaga(): SagaIterator {
  yield takeLatest(detailOpened.type, watchRules);
  yield takeEvery(emailUpdated.type, reloadOnChange);
}
