import { useContext, useEffect } from 'react';
import { PrimeReactContext } from 'primereact/api';
import { useTranslation } from 'react-i18next';

/** Keeps PrimeReact's locale (inside its provider) on the language the user chose. */
export function LocaleSync() {
  const { i18n } = useTranslation();
  const setLocale = useContext(PrimeReactContext)?.setLocale;
  useEffect(() => {
    setLocale?.(i18n.language === 'cs' ? 'cs' : 'en');
  }, [i18n.language, setLocale]);
  return null;
}
