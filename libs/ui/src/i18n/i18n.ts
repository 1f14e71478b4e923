import i18next, { type i18n as I18n } from 'i18next';
import { addLocale, locale, type LocaleOptions } from 'primereact/api';
import { cs as primeCs } from 'primelocale/js/cs.js';
import { initReactI18next } from 'react-i18next';
import { cs } from './cs';
import { en } from './en';

export const LANGUAGES = ['en', 'cs'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = 'language';

export const resources = { en: { translation: en }, cs: { translation: cs } };

function storedLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return stored === 'cs' ? 'cs' : 'en';
}

addLocale('cs', primeCs as unknown as LocaleOptions);

/** The page's `lang` and PrimeReact's own texts (dates, calendars, aria labels) follow the chosen language. */
function applyLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  locale(language);
}

/** Initialises the one i18next instance (react-i18next is a shared singleton, so remotes use it too). */
export function initI18n(language: Language = storedLanguage()): I18n {
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

export function setLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  applyLanguage(language);
  void i18next.changeLanguage(language);
}
