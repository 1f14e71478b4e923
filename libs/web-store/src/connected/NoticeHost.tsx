import { NoticeView } from '@teaminbox/ui';
import { useNotices } from '../use-notices';

/**
 * The notices raised in the store (by sagas of the shell and of the remotes), shown as toasts: a notice waits in the
 * store until the toasts are there to show it. For screens rendered with a store (the remotes' test harnesses); an
 * app passes `useNotices()` to NoticeView itself.
 */
export function NoticeHost() {
  const { notices, shown } = useNotices();
  return <NoticeView notices={notices} onShown={shown} />;
}
