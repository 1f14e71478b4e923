import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Sidebar } from 'primereact/sidebar';

/**
 * The side menu on a phone: a panel over the page (PrimeReact Sidebar) with its close button, closed by Esc, a
 * click on the mask or the choice of a link. Loaded the first time it opens. Focus goes into the panel when it
 * opens and back to what opened it (the header's menu button) when it closes, as for a dialog.
 */
export function PhoneMenu({
  visible,
  onHide,
  children,
}: {
  visible: boolean;
  onHide: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (visible) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  }, [visible]);
  return (
    <Sidebar
      visible={visible}
      // From the side the menu button is on: the right one when the customizer set right to left.
      position={document.documentElement.dir === 'rtl' ? 'right' : 'left'}
      onHide={onHide}
      ariaCloseLabel={t('layout.closeMenu')}
      className="admin-phone-menu"
      pt={{ root: { role: 'dialog', 'aria-modal': true, 'aria-label': t('layout.menu') } as object }}
      data-testid="phone-menu"
    >
      {children}
    </Sidebar>
  );
}
