import type { SuccessMessageResponse } from '@teaminbox/contracts';
import type { ApiFailure } from '@teaminbox/web-store';
import type { ConfigMessage } from './emailServerConfigSlice';

/** A call's outcome as RTK Query's trigger answers it. */
type Outcome<T> = { data: T } | { error: unknown };

/** The server's own words in a refused call's body (`message`), if any. */
export function serverMessage(error: unknown): string | undefined {
  const body = (error as Partial<ApiFailure> | undefined)?.body as Partial<SuccessMessageResponse> | undefined;
  if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) return body.message;
  return undefined;
}

/** The connection test: its message on success, 'Connection test failed: {message}' when it failed, else an error. */
export function testOutcome(result: Outcome<SuccessMessageResponse>): ConfigMessage {
  if ('data' in result) {
    const answer = result.data;
    if (answer.success) {
      return answer.message
        ? { severity: 'success', text: answer.message }
        : { severity: 'success', key: 'testSucceeded' };
    }
    return { severity: 'error', key: 'testFailed', params: { message: answer.message ?? '' } };
  }
  // A refusal that still carries the test's answer {success:false, message} is a failed test.
  const body = (result.error as Partial<ApiFailure> | undefined)?.body as Partial<SuccessMessageResponse> | undefined;
  const message = serverMessage(result.error);
  return body?.success === false && message
    ? { severity: 'error', key: 'testFailed', params: { message } }
    : { severity: 'error', key: 'testError' };
}

/** The manual fetch: the server's message, or 'Error fetching emails' with its message when there is one. */
export function fetchOutcome(result: Outcome<SuccessMessageResponse>): ConfigMessage {
  if ('data' in result) {
    return result.data.success
      ? { severity: 'success', text: result.data.message }
      : { severity: 'error', key: 'fetchFailedWithMessage', params: { message: result.data.message ?? '' } };
  }
  const message = serverMessage(result.error);
  return message
    ? { severity: 'error', key: 'fetchFailedWithMessage', params: { message } }
    : { severity: 'error', key: 'fetchFailed' };
}

/** A retry of a quarantined message: imported, still held (with the server's reason), or the call failed. */
export function retryOutcome(result: Outcome<SuccessMessageResponse>): ConfigMessage {
  if ('data' in result) {
    return result.data.success
      ? { severity: 'success', key: 'quarantineImported' }
      : { severity: 'error', key: 'quarantineStillFailing', params: { message: result.data.message ?? '' } };
  }
  const message = serverMessage(result.error);
  return message
    ? { severity: 'error', key: 'quarantineStillFailing', params: { message } }
    : { severity: 'error', key: 'quarantineRetryFailed' };
}
