/** Light and dark PrimeReact themes, swapped as one <link id="theme-link"> and remembered locally. */
export type ThemeMode = 'light' | 'dark';

export const THEME_KEY = 'theme';
export const THEME_LINK_ID = 'theme-link';
export const THEMES: Record<ThemeMode, string> = { light: 'lara-light-blue', dark: 'lara-dark-blue' };

/** The theme files are copied to <app>/themes/<name>/ by the build. */
export function themeHref(mode: ThemeMode, base = '/themes/'): string {
  return `${base}${THEMES[mode]}/theme.css`;
}

export function storedTheme(): ThemeMode {
  return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

export function applyTheme(mode: ThemeMode, base?: string): void {
  let link = document.getElementById(THEME_LINK_ID) as HTMLLinkElement | null;
  if (!link) {
    link = document.createElement('link');
    link.id = THEME_LINK_ID;
    link.rel = 'stylesheet';
    document.head.prepend(link);
  }
  link.href = themeHref(mode, base);
  document.documentElement.dataset.theme = mode;
}

export function setTheme(mode: ThemeMode, base?: string): void {
  localStorage.setItem(THEME_KEY, mode);
  applyTheme(mode, base);
}

export function initTheme(base?: string): ThemeMode {
  const mode = storedTheme();
  applyTheme(mode, base);
  return mode;
}
