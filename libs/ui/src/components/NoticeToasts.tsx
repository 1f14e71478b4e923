import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Toast, type ToastMessage } from 'primereact/toast';
import { textNamespaces } from '../i18n/i18n';

/** A short message for the user: an i18n key (with values) or a text from the server. */
export interface ToastNotice {
  id: string;
  severity: 'success' | 'info' | 'warn' | 'error';
  key?: string;
  values?: Record<string, string | number>;
  text?: string;
  lifeMs: number;
  /** An i18n key: the notice has a button with this label that closes it (instead of the close icon). */
  closeKey?: string;
}

export interface NoticeToastsProps {
  /** The notices waiting to be shown. */
  notices: ToastNotice[];
  /** Called with a notice's id once it is on screen (it is not to be passed again). */
  onShown: (id: string) => void;
}

/** Shows notices as toasts; a notice's key is looked up in every registered namespace. */
export function NoticeToasts({ notices, onShown }: NoticeToastsProps) {
  const { t } = useTranslation();
  const toast = useRef<Toast>(null);

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
      onShown(notice.id);
    }
  }, [notices, onShown, t]);

  // At the bottom right (across the bottom on a phone, see styles.css): clear of the header and of the buttons that
  // a screen keeps at its top (the email detail's Mute, Spam and Archive), so a notice never covers the button that
  // raised it or the next one a user reaches for.
  return <Toast ref={toast} position="bottom-right" className="notice-toasts" />;
}
