import './customizer.css';
import { lazy, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { selectCurrentUser, useAppSelector } from '@teaminbox/web-store';
import {
  applySettings,
  clearLayout,
  type CustomizerSettings,
  defaultSettings,
  loadSettings,
  saveSettings,
} from './customizerSettings';
import { LazyPart } from '../../app/LazyPart';

/** The panel (PrimeReact's Sidebar and SelectButtons) loads its code when it is first opened. */
const CustomizerPanel = lazy(async () => ({ default: (await import('./CustomizerPanel')).CustomizerPanel }));

/**
 * The header's 'Customizer' button and its panel: theme, direction, colour theme, layout, container, sidebar and
 * cards. The settings apply to the whole page at once and are kept per user on this browser; leaving the admin area
 * puts the page back to left to right and the default layout.
 */
export function Customizer() {
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  // One per user: another user signing in on this browser starts from their own settings.
  return <UserCustomizer key={userId ?? ''} userId={userId} />;
}

function UserCustomizer({ userId }: { userId: string | null }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  // Mounted once opened, so that it can slide out when it closes.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  const [settings, setSettings] = useState<CustomizerSettings>(() =>
    userId ? loadSettings(userId) : defaultSettings(),
  );

  // Before the paint, so that the page never shows another user's layout or the default one first.
  useLayoutEffect(() => applySettings(settings), [settings]);
  useLayoutEffect(() => () => clearLayout(), []);

  const change = <K extends keyof CustomizerSettings>(key: K, value: CustomizerSettings[K] | null) => {
    if (value === null || value === undefined) return;
    const next = { ...settings, [key]: value };
    setSettings(next);
    if (userId) saveSettings(userId, next);
  };
  const reset = () => {
    const defaults = { ...defaultSettings(), theme: 'light' as const, color: 'blue' as const };
    setSettings(defaults);
    if (userId) saveSettings(userId, defaults);
  };

  return (
    <>
      <Button
        type="button"
        text
        rounded
        icon="pi pi-palette"
        aria-label={t('customizer.open')}
        title={t('customizer.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="customizer-open"
      />
      {used ? (
        <LazyPart name="the customizer" loading={null}>
          <CustomizerPanel
            visible={open}
            settings={settings}
            onHide={() => setOpen(false)}
            onChange={change}
            onReset={reset}
          />
        </LazyPart>
      ) : null}
    </>
  );
}
