import './customizer.css';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { Sidebar } from 'primereact/sidebar';
import type { ThemeColor } from '@teaminbox/ui';
import { selectCurrentUser, useAppSelector } from '@teaminbox/web-store';
import {
  applySettings,
  clearLayout,
  CUSTOMIZER_CHOICES,
  type CustomizerSettings,
  defaultSettings,
  loadSettings,
  saveSettings,
} from './customizerSettings';

/** The colour of each theme's swatch (the Lara themes' primary colour). */
const SWATCHES: Record<ThemeColor, string> = {
  blue: '#3b82f6',
  indigo: '#6366f1',
  purple: '#8b5cf6',
  pink: '#ec4899',
  teal: '#14b8a6',
  green: '#10b981',
};

/** The words of each setting's choices (keys of `customizer`). */
const CHOICE_TEXT: { [K in keyof CustomizerSettings]: (value: CustomizerSettings[K]) => string } = {
  theme: (value) => value,
  color: (value) => `colors.${value}`,
  direction: (value) => value,
  layout: (value) => value,
  container: (value) => value,
  sidebar: (value) => (value === 'full' ? 'sidebarFull' : 'sidebarMini'),
  card: (value) => value,
};

const SECTIONS: { key: keyof CustomizerSettings; title: string }[] = [
  { key: 'theme', title: 'theme' },
  { key: 'direction', title: 'direction' },
  { key: 'color', title: 'colorTheme' },
  { key: 'layout', title: 'layout' },
  { key: 'container', title: 'container' },
  { key: 'sidebar', title: 'sidebar' },
  { key: 'card', title: 'cards' },
];

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
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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
      <Sidebar
        visible={open}
        position={settings.direction === 'rtl' ? 'left' : 'right'}
        onHide={() => setOpen(false)}
        header={<h2 className="m-0 text-xl">{t('customizer.heading')}</h2>}
        aria-label={t('customizer.heading')}
        data-testid="customizer-panel"
      >
        <div className="flex flex-column gap-4">
          {SECTIONS.map(({ key, title }) => {
            const labelId = `customizer-${key}`;
            const options = (CUSTOMIZER_CHOICES[key] as readonly string[]).map((value) => ({
              value,
              label: t(`customizer.${(CHOICE_TEXT[key] as (value: string) => string)(value)}`),
            }));
            return (
              <section key={key} className="flex flex-column gap-2">
                <span id={labelId} className="font-semibold">
                  {t(`customizer.${title}`)}
                </span>
                <SelectButton
                  value={settings[key]}
                  options={options}
                  allowEmpty={false}
                  onChange={(e) => change(key, e.value as CustomizerSettings[typeof key])}
                  itemTemplate={
                    key === 'color'
                      ? (option: { value: ThemeColor; label: string }) => (
                          <span>
                            <span
                              className="customizer-swatch"
                              style={{ background: SWATCHES[option.value] }}
                              aria-hidden
                            />
                            {option.label}
                          </span>
                        )
                      : undefined
                  }
                  className="flex-wrap"
                  aria-labelledby={labelId}
                  data-testid={labelId}
                />
              </section>
            );
          })}
          <Button type="button" outlined label={t('customizer.reset')} icon="pi pi-refresh" onClick={reset} />
        </div>
      </Sidebar>
    </>
  );
}
