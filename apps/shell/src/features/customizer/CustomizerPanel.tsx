import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { Sidebar } from 'primereact/sidebar';
import type { ThemeColor } from '@teaminbox/ui';
import { CUSTOMIZER_CHOICES, type CustomizerSettings } from './customizerSettings';

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

export interface CustomizerPanelProps {
  visible: boolean;
  settings: CustomizerSettings;
  onHide: () => void;
  onChange: <K extends keyof CustomizerSettings>(key: K, value: CustomizerSettings[K] | null) => void;
  onReset: () => void;
}

/** The customizer's panel: one choice per setting and a reset to the defaults. */
export function CustomizerPanel({ visible, settings, onHide, onChange, onReset }: CustomizerPanelProps) {
  const { t } = useTranslation('shell');
  return (
    <Sidebar
      visible={visible}
      position={settings.direction === 'rtl' ? 'left' : 'right'}
      onHide={onHide}
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
                onChange={(e) => onChange(key, e.value as CustomizerSettings[typeof key])}
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
        <Button type="button" outlined label={t('customizer.reset')} icon="pi pi-refresh" onClick={onReset} />
      </div>
    </Sidebar>
  );
}
