import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Toast, type ToastMessage } from 'primereact/toast';
import { textNamespaces } from '../i18n/i18n';
import { noticeShown, selectPendingNotices, useAppDispatch, useAppSelector } from '@teaminbox/web-store';

/**
 * Shows the notices raised in the store (by sagas of the shell and of the remotes) as toasts; a notice's key is
 * looked up in every registered namespace.
 */
export function NoticeToasts() {
  const { t } = useTranslation();
  const toast = useRef<Toast>(null);
  const notices = useAppSelector(selectPendingNotices);
  const dispatch = useAppDispatch();

  useEffect(() => {
    for (const notice of notices) {
      const text = notice.text ?? (notice.key ? t(notice.key, { ...notice.values, ns: textNamespaces() }) : '');
      const message: ToastMessage = { severity: notice.severity, summary: text, life: notice.lifeMs };
      if (notice.closeKey) {
        const closeLabel = t(notice.closeKey, { ns: textNamespaces() });
        message.closable = false;
        message.content = () => (
          <div className="flex align-items-center gap-2 w-full" data-testid="notice">
            <span className="flex-1 font-semibold">{text}</span>
            <Button
              type="button"
              size="small"
              text
              label={closeLabel}
              onClick={() => toast.current?.remove(message)}
              data-testid="notice-close"
            />
          </div>
        );
      }
      toast.current?.show(message);
      dispatch(noticeShown(notice.id));
    }
  }, [notices, dispatch, t]);

  // At the bottom right (across the bottom on a phone, see styles.css): clear of the header and of the buttons that
  // a screen keeps at its top (the email detail's Mute, Spam and Archive), so a notice never covers the button that
  // raised it or the next one a user reaches for.
  return <Toast ref={toast} position="bottom-right" className="notice-toasts" />;
}
