import i18next, { type i18n as I18n } from 'i18next';
import { addLocale, locale, type LocaleOptions } from 'primereact/api';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

export const LANGUAGES = ['en', 'cs'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = 'language';

/** English is always there (it is also the fallback); Czech is loaded when it is chosen. */
export const resources = { en: { translation: en } };

export function storedLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return stored === 'cs' ? 'cs' : 'en';
}

let czech: Promise<void> | undefined;

/** Loads the texts of a language (ours and PrimeReact's) unless they are there already. */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  czech ??= Promise.all([import('./cs'), import('primelocale/js/cs.js')]).then(([{ cs }, prime]) => {
    initI18n();
    i18next.addResourceBundle('cs', 'translation', cs, true, true);
    addLocale('cs', prime.cs as unknown as LocaleOptions);
  });
  czech.catch(() => {
    czech = undefined;
  });
  return czech;
}

/** The page's `lang` and PrimeReact's own texts (dates, calendars, aria labels) follow the chosen language. */
function applyLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  locale(language);
}

/**
 * Initialises the one i18next instance (react-i18next is a shared singleton, so remotes use it too) in English;
 * `startI18n` is the app's start, which first loads the stored language when it is not English.
 */
export function initI18n(language: Language = 'en'): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
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
