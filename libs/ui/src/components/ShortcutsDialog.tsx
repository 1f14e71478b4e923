import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { SHORTCUTS } from './Shortcuts';

/** The dialog listing the keyboard shortcuts; Esc, the close button or a click on the mask close it. */
export function ShortcutsDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={t('shortcuts.heading')}
      visible={visible}
      onHide={onHide}
      dismissableMask
      closeOnEscape
      ariaCloseIconLabel={t('shortcuts.close')}
      style={{ width: 'min(28rem, 95vw)' }}
      data-testid="shortcuts-help"
    >
      <dl className="m-0" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.5rem 1rem' }}>
        {SHORTCUTS.map(([name, keys]) => (
          <div key={name} style={{ display: 'contents' }}>
            <dt>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? ' / ' : null}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd className="m-0">{t(`shortcuts.${name}`)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
