import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from 'primereact/toast';
import { noticeShown, selectPendingNotices, useAppDispatch, useAppSelector } from '@teaminbox/web-store';

/** Shows the notices raised in the store (by sagas of the shell and of the remotes) as toasts. */
export function NoticeHost() {
  const { t } = useTranslation();
  const toast = useRef<Toast>(null);
  const notices = useAppSelector(selectPendingNotices);
  const dispatch = useAppDispatch();

  useEffect(() => {
    for (const notice of notices) {
      const text = notice.text ?? (notice.key ? t(notice.key, notice.values) : '');
      toast.current?.show({ severity: notice.severity, summary: text, life: notice.lifeMs });
      dispatch(noticeShown(notice.id));
    }
  }, [notices, dispatch, t]);

  // Below the header, so that a notice never covers the user menu or the search box.
  return <Toast ref={toast} position="top-right" pt={{ root: { style: { top: '5.5rem' } } }} />;
}
