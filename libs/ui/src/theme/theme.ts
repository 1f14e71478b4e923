/**
 * Light and dark PrimeReact themes in six colours, swapped as one <link id="theme-link"> and remembered locally. A
 * change is announced on the window as THEME_CHANGE_EVENT, so every switch on the page shows the theme in use.
 */
export type ThemeMode = 'light' | 'dark';

/** The customizer's six colour themes (PrimeReact Lara); blue is the default. */
export const THEME_COLORS = ['blue', 'indigo', 'purple', 'pink', 'teal', 'green'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];

export const THEME_KEY = 'theme';
export const THEME_COLOR_KEY = 'theme-color';
export const THEME_LINK_ID = 'theme-link';
export const THEME_CHANGE_EVENT = 'teaminbox:theme-change';
export const THEMES: Record<ThemeMode, string> = { light: 'lara-light-blue', dark: 'lara-dark-blue' };

/** Every theme the build copies to <app>/themes/<name>/. */
export const THEME_NAMES: readonly string[] = THEME_COLORS.flatMap((color) =>
  (['light', 'dark'] as const).map((mode) => themeName(mode, color)),
);

export function themeName(mode: ThemeMode, color: ThemeColor = 'blue'): string {
  return `lara-${mode}-${color}`;
}

/** The theme files are copied to <app>/themes/<name>/ by the build. */
export function themeHref(mode: ThemeMode, base = '/themes/', color: ThemeColor = 'blue'): string {
  return `${base}${themeName(mode, color)}/theme.css`;
}

export function storedTheme(): ThemeMode {
  return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

export function storedThemeColor(): ThemeColor {
  const color = localStorage.getItem(THEME_COLOR_KEY);
  return (THEME_COLORS as readonly string[]).includes(color ?? '') ? (color as ThemeColor) : 'blue';
}

export function applyTheme(mode: ThemeMode, base?: string, color: ThemeColor = storedThemeColor()): void {
  let link = document.getElementById(THEME_LINK_ID) as HTMLLinkElement | null;
  if (!link) {
    link = document.createElement('link');
    link.id = THEME_LINK_ID;
    link.rel = 'stylesheet';
    document.head.prepend(link);
  }
  const href = themeHref(mode, base, color);
  if (link.getAttribute('href') !== href) link.href = href;
  document.documentElement.dataset.theme = mode;
  document.documentElement.dataset.themeColor = color;
  window.dispatchEvent(new CustomEvent(THEME_CHANGE_EVENT, { detail: { mode, color } }));
}

export function setTheme(mode: ThemeMode, base?: string): void {
  localStorage.setItem(THEME_KEY, mode);
  applyTheme(mode, base);
}

/** The light or dark theme and its colour, remembered and applied. */
export function setThemeAndColor(mode: ThemeMode, color: ThemeColor, base?: string): void {
  localStorage.setItem(THEME_KEY, mode);
  localStorage.setItem(THEME_COLOR_KEY, color);
  applyTheme(mode, base, color);
}

export function initTheme(base?: string): ThemeMode {
  const mode = storedTheme();
  applyTheme(mode, base);
  return mode;
}
