import {
  setThemeAndColor,
  storedTheme,
  storedThemeColor,
  THEME_COLORS,
  type ThemeColor,
  type ThemeMode,
} from '@teaminbox/ui';

/** What the customizer sets, for the shell and every remote on the page (docs/customizer.md). */
export interface CustomizerSettings {
  theme: ThemeMode;
  color: ThemeColor;
  direction: 'ltr' | 'rtl';
  layout: 'vertical' | 'horizontal';
  container: 'full' | 'boxed';
  sidebar: 'full' | 'mini';
  card: 'shadow' | 'border';
}

/** The choices of each setting; the first one is the default (theme and colour: the ones in use on this browser). */
export const CUSTOMIZER_CHOICES = {
  theme: ['light', 'dark'],
  color: THEME_COLORS,
  direction: ['ltr', 'rtl'],
  layout: ['vertical', 'horizontal'],
  container: ['full', 'boxed'],
  sidebar: ['full', 'mini'],
  card: ['shadow', 'border'],
} as const satisfies { [K in keyof CustomizerSettings]: readonly CustomizerSettings[K][] };

/** The attributes on <html> that customizer.css reads (the theme is the <link> of libs/ui). */
const LAYOUT_ATTRIBUTES = ['layout', 'container', 'sidebar', 'card'] as const;

export const customizerKey = (userId: string) => `customizer:${userId}`;

export function defaultSettings(): CustomizerSettings {
  return {
    theme: storedTheme(),
    color: storedThemeColor(),
    direction: 'ltr',
    layout: 'vertical',
    container: 'full',
    sidebar: 'full',
    card: 'shadow',
  };
}

/** Stored settings, each unknown or missing value replaced by its default. */
export function parseSettings(stored: string | null): CustomizerSettings {
  const defaults = defaultSettings();
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : {};
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const pick = <K extends keyof CustomizerSettings>(key: K): CustomizerSettings[K] =>
    (CUSTOMIZER_CHOICES[key] as readonly unknown[]).includes(raw[key])
      ? (raw[key] as CustomizerSettings[K])
      : defaults[key];
  return {
    theme: pick('theme'),
    color: pick('color'),
    direction: pick('direction'),
    layout: pick('layout'),
    container: pick('container'),
    sidebar: pick('sidebar'),
    card: pick('card'),
  };
}

/** A user's settings, kept per user on this browser. */
export function loadSettings(userId: string): CustomizerSettings {
  return parseSettings(localStorage.getItem(customizerKey(userId)));
}

export function saveSettings(userId: string, settings: CustomizerSettings): void {
  localStorage.setItem(customizerKey(userId), JSON.stringify(settings));
}

/** Applies the settings to the whole page: the theme link, `dir` and the layout attributes of <html>. */
export function applySettings(settings: CustomizerSettings, root: HTMLElement = document.documentElement): void {
  setThemeAndColor(settings.theme, settings.color);
  root.dir = settings.direction;
  for (const attribute of LAYOUT_ATTRIBUTES) root.dataset[attribute] = settings[attribute];
}

/** Leaving the admin area (signing out): the page goes back to left to right and the default layout. */
export function clearLayout(root: HTMLElement = document.documentElement): void {
  root.removeAttribute('dir');
  for (const attribute of LAYOUT_ATTRIBUTES) delete root.dataset[attribute];
}
