import { useCallback } from 'react';
import { noticeShown, selectPendingNotices, type Notice } from './notices.slice';
import { useAppDispatch, useAppSelector } from './store';

/**
 * The notices waiting to be shown, and `shown` to call once one is on screen (it leaves the store then): what the
 * presentational notice host of @teaminbox/ui takes as props.
 */
export function useNotices(): { notices: Notice[]; shown: (id: string) => void } {
  const notices = useAppSelector(selectPendingNotices);
  const dispatch = useAppDispatch();
  const shown = useCallback((id: string) => dispatch(noticeShown(id)), [dispatch]);
  return { notices, shown };
}
