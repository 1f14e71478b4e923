import i18next, { type i18n as I18n } from 'i18next';
import { addLocale, locale, type LocaleOptions } from 'primereact/api';
import { initReactI18next } from 'react-i18next';
import { uiEn } from './en';

export const LANGUAGES = ['en', 'cs'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = 'language';

/** The texts of one namespace: every leaf a string (a translation has the same keys as the English original). */
export type TextsOf<T> = { [K in keyof T]: T[K] extends string ? string : TextsOf<T[K]> };

type TextTree = { [key: string]: string | TextTree };

/** One namespace's texts: English at once (it is also the fallback), Czech loaded when it is chosen. */
export interface NamespaceTexts {
  en: object;
  cs: () => Promise<object>;
}

/** The namespace of libs/ui's own components; it is the default namespace. */
export const UI_NAMESPACE = 'ui';

const registry = new Map<string, NamespaceTexts>();
/** Per language, the namespaces whose texts are loaded or being loaded. */
const loading = new Map<string, Promise<void>>();
let primeCzech: Promise<void> | undefined;

registerTexts(UI_NAMESPACE, {
  en: uiEn,
  cs: () => import('./cs').then((m) => m.uiCs),
});

/**
 * Registers the texts of a namespace (the shell's, a remote's when its module is loaded, libs/ui's own). English is
 * there at once; Czech is loaded now when Czech is the current language, else when it is chosen (`loadLanguage`).
 * A namespace registered again (a remote loaded again) keeps its first texts.
 */
export function registerTexts(namespace: string, texts: NamespaceTexts): void {
  if (registry.has(namespace)) return;
  registry.set(namespace, texts);
  if (i18next.isInitialized) {
    i18next.addResourceBundle('en', namespace, texts.en, true, true);
    if (i18next.language === 'cs') void loadLanguage('cs').catch(() => undefined);
  }
}

/** The registered namespaces, libs/ui's first (a notice's key is looked up in them in this order). */
export function textNamespaces(): string[] {
  return [...registry.keys()];
}

function loadNamespace(language: Language, namespace: string, texts: NamespaceTexts): Promise<void> {
  const key = `${language}|${namespace}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = texts.cs().then((bundle) => {
      initI18n();
      i18next.addResourceBundle(language, namespace, bundle, true, true);
    });
    loading.set(key, pending);
    pending.catch(() => loading.delete(key));
  }
  return pending;
}

/** Loads the texts of a language (of every registered namespace, and PrimeReact's) unless they are there already. */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  primeCzech ??= import('primelocale/js/cs.js').then((prime) => {
    addLocale('cs', prime.cs as unknown as LocaleOptions);
  });
  primeCzech.catch(() => {
    primeCzech = undefined;
  });
  return Promise.all([
    primeCzech,
    ...[...registry].map(([namespace, texts]) => loadNamespace(language, namespace, texts)),
  ]).then(() => undefined);
}

/** The language the texts are shown in now. */
export function currentLanguage(): Language {
  return i18next.language === 'cs' ? 'cs' : 'en';
}

/** The page's `lang` and PrimeReact's own texts (dates, calendars, aria labels) follow the chosen language. */
function applyLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  locale(language);
}

/**
 * Initialises the one i18next instance (react-i18next is a shared singleton, so remotes use it too) in English,
 * with the English texts of every namespace registered so far; `startI18n` is the app's start, which first loads
 * the stored language when it is not English.
 */
export function initI18n(language: Language = 'en'): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: {
        en: Object.fromEntries([...registry].map(([namespace, texts]) => [namespace, texts.en as TextTree])),
      },
      ns: [...registry.keys()],
      defaultNS: UI_NAMESPACE,
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
      showSupportNotice: false,
    });
    applyLanguage(language);
  }
  return i18next;
}

export function storedLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return stored === 'cs' ? 'cs' : 'en';
}

/** Initialises i18next in the language the user chose last (English if none). */
export async function startI18n(): Promise<I18n> {
  const language = storedLanguage();
  initI18n();
  if (language !== 'en') {
    await setLanguage(language).catch((error: unknown) => {
      console.error(`the ${language} texts could not be loaded: the app starts in English`, error);
    });
  }
  return i18next;
}

export async function setLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  localStorage.setItem(LANGUAGE_KEY, language);
  applyLanguage(language);
  await i18next.changeLanguage(language);
}

/** The keys of a namespace's texts ('section.key'), sorted: a translation must have the same ones as English. */
export function textKeys(texts: object, prefix = ''): string[] {
  return Object.entries(texts)
    .flatMap(([key, value]) =>
      typeof value === 'object' && value !== null ? textKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
    )
    .sort();
}
