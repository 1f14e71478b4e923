import { lazy, Suspense, useState } from 'react';
import type { NoticeToastsProps } from './NoticeToasts';

export type { NoticeToastsProps, ToastNotice } from './NoticeToasts';

/** PrimeReact's Toast loads its code with the first notice: most first screens raise none. */
const NoticeToasts = lazy(async () => ({ default: (await import('./NoticeToasts')).NoticeToasts }));

/**
 * Shows the notices it is given as toasts, and calls `onShown` for each once it is on screen. The toasts (and their
 * code) load with the first notice.
 */
export function NoticeView({ notices, onShown }: NoticeToastsProps) {
  // Mounted for good once needed, so that a toast can stay and close by itself.
  const [used, setUsed] = useState(false);
  if (notices.length > 0 && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <NoticeToasts notices={notices} onShown={onShown} />
    </Suspense>
  ) : null;
}
