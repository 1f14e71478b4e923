import i18next, { type i18n as I18n } from 'i18next';
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
  }
  return i18next;
}

export function setLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  void i18next.changeLanguage(language);
}
