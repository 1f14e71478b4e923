import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { setTheme, storedTheme, type ThemeMode } from '../theme/theme';

/** Toggles the light and dark theme; the choice is remembered in local storage. */
export function ThemeSwitch({ base }: { base?: string }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ThemeMode>(storedTheme);
  const next: ThemeMode = mode === 'light' ? 'dark' : 'light';
  return (
    <Button
      type="button"
      text
      rounded
      icon={mode === 'light' ? 'pi pi-moon' : 'pi pi-sun'}
      aria-label={`${t('nav.theme')}: ${t(next === 'dark' ? 'nav.themeDark' : 'nav.themeLight')}`}
      data-testid="theme-toggle"
      onClick={() => {
        setTheme(next, base);
        setMode(next);
      }}
    />
  );
}
