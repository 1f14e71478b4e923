import { lazy, Suspense, useState } from 'react';
import { selectPendingNotices, useAppSelector } from '@teaminbox/web-store';

/** PrimeReact's Toast loads its code with the first notice: most first screens raise none. */
const NoticeToasts = lazy(async () => ({ default: (await import('./NoticeToasts')).NoticeToasts }));

/**
 * Shows the notices raised in the store (by sagas of the shell and of the remotes) as toasts. A notice waits in the
 * store until the toasts are there to show it.
 */
export function NoticeHost() {
  const pending = useAppSelector(selectPendingNotices).length > 0;
  // Mounted for good once needed, so that a toast can stay and close by itself.
  const [used, setUsed] = useState(false);
  if (pending && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <NoticeToasts />
    </Suspense>
  ) : null;
}
