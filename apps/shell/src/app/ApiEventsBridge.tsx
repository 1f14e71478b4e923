import { useEffect } from 'react';
import { apiEvents } from '@teaminbox/api-client';
import { dialogsClosed, noticeRaised, useAppDispatch } from '@teaminbox/web-store';

/**
 * Turns the API client's reports into store events: secured-call errors become error notices,
 * 449 (upgrade required) closes every open dialog. (A 401, the end of the session, is the session
 * saga's: it logs out silently.)
 */
export function ApiEventsBridge() {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      apiEvents.subscribe((event) => {
        if (event.type === 'upgrade-required') {
          dispatch(dialogsClosed());
          return;
        }
        if (event.type !== 'error') return;
        const key = event.status === 403 ? 'errors.forbidden' : undefined;
        dispatch(noticeRaised({ severity: 'error', key, text: key ? undefined : event.text, lifeMs: 3000 }));
      }),
    [dispatch],
  );
  return null;
}
