import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { noticeRaised, type ApiFailure } from '@teaminbox/web-store';

/** The spec's label screen notices: 2 s for successes, 3 s for errors and checks, each with its 'Close' action. */
export const LABEL_SUCCESS_MS = 2000;
export const LABEL_ERROR_MS = 3000;

/** The server's words for refusing to delete a default label (the decider's message). */
const DEFAULT_UNDELETABLE = 'Cannot delete default labels';

export const labelNotice = (severity: 'success' | 'error', key: string) =>
  noticeRaised({
    severity,
    key: `emailLabels.${key}`,
    lifeMs: severity === 'success' ? LABEL_SUCCESS_MS : LABEL_ERROR_MS,
    closeKey: 'emailLabels.close',
  });

/** A refused deletion of a default label says so; any other failure is 'Error deleting label'. */
export function deletionFailureKey(error: unknown): string {
  const body = (error as Partial<ApiFailure> | undefined)?.body as Partial<SuccessMessageResponse> | undefined;
  const message = body && typeof body === 'object' && typeof body.message === 'string' ? body.message : undefined;
  return message === DEFAULT_UNDELETABLE ? 'defaultUndeletable' : 'deleteError';
}
