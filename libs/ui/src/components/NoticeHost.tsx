import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Toast, type ToastMessage } from 'primereact/toast';
import { type Notice, noticeShown, selectPendingNotices, useAppDispatch, useAppSelector } from '@teaminbox/web-store';

/** A notice with a 'Close' action: its text and a button with that action's words, instead of the close icon. */
function withCloseAction(notice: Notice, text: string, closeText: string, toast: () => Toast | null): ToastMessage {
  const message: ToastMessage = { severity: notice.severity, life: notice.lifeMs, closable: false };
  message.content = (
    <div className="flex align-items-center gap-3 w-full" data-testid="notice">
      <span className="flex-1 font-semibold">{text}</span>
      <Button
        type="button"
        size="small"
        text
        label={closeText}
        onClick={() => toast()?.remove(message)}
        data-testid="notice-close"
      />
    </div>
  );
  return message;
}

/** Shows the notices raised in the store (by sagas of the shell and of the remotes) as toasts. */
export function NoticeHost() {
  const { t } = useTranslation();
  const toast = useRef<Toast>(null);
  const notices = useAppSelector(selectPendingNotices);
  const dispatch = useAppDispatch();

  useEffect(() => {
    for (const notice of notices) {
      const text = notice.text ?? (notice.key ? t(notice.key, notice.values) : '');
      toast.current?.show(
        notice.closeKey
          ? withCloseAction(notice, text, t(notice.closeKey), () => toast.current)
          : { severity: notice.severity, summary: text, life: notice.lifeMs },
      );
      dispatch(noticeShown(notice.id));
    }
  }, [notices, dispatch, t]);

  // Below the header, so that a notice never covers the user menu or the search box.
  return <Toast ref={toast} position="top-right" pt={{ root: { style: { top: '5.5rem' } } }} />;
}
