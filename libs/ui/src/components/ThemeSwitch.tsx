import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { setTheme, storedTheme, THEME_CHANGE_EVENT, type ThemeMode } from '../theme/theme';

/** Toggles the light and dark theme; the choice is remembered in local storage (the customizer may change it too). */
export function ThemeSwitch({ base }: { base?: string }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ThemeMode>(storedTheme);
  useEffect(() => {
    const follow = (event: Event) => setMode((event as CustomEvent<{ mode: ThemeMode }>).detail.mode);
    window.addEventListener(THEME_CHANGE_EVENT, follow);
    return () => window.removeEventListener(THEME_CHANGE_EVENT, follow);
  }, []);
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
