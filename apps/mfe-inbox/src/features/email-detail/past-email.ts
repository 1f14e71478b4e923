import { useEffect } from 'react';
import type { EmailAsOf } from '@teaminbox/contracts';
import { type ApiFailure, useAppDispatch, useAppSelector, useEmailAsOfQuery } from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { selectEmailHistory } from './emailHistorySlice';

/** The open email in the past, as its detail shows it. */
export interface PastEmail {
  /** The instant chosen in the History view; null: today's email. */
  asOf: string | null;
  /** The email as it stood then, once loaded. */
  past: EmailAsOf | null;
  /** The email did not exist yet at that instant. */
  missing: boolean;
}

/**
 * The open email as it stood at the instant chosen in its History view (from the api cache: a past state never
 * changes). A load that fails says so (a 404 is no failure: the view says the email did not exist yet). For the
 * detail page only, which passes what its cards need.
 */
export function usePastEmail(emailId: string | null): PastEmail {
  const dispatch = useAppDispatch();
  const history = useAppSelector(selectEmailHistory);
  const asOf = emailId !== null && history.emailId === emailId ? history.asOf : null;
  const result = useEmailAsOfQuery(
    { emailId: emailId ?? '', asOf: asOf ?? '' },
    { skip: emailId === null || asOf === null },
  );
  const status = result.isError ? (result.error as ApiFailure | undefined)?.status : undefined;
  const failed = result.isError && status !== 404;
  useEffect(() => {
    if (failed) dispatch(notice('error', 'emailHistory.asOfError'));
  }, [failed, result.requestId, dispatch]);
  return { asOf, past: asOf !== null ? (result.currentData ?? null) : null, missing: status === 404 };
}
