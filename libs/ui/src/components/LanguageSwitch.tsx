import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { setLanguage, type Language } from '../i18n/i18n';

/** Switches between English and Czech. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current: Language = i18n.language === 'cs' ? 'cs' : 'en';
  const next: Language = current === 'en' ? 'cs' : 'en';
  return (
    <Button
      type="button"
      text
      label={next.toUpperCase()}
      aria-label={`${t('nav.language')}: ${next.toUpperCase()}`}
      data-testid="language-switch"
      onClick={() => setLanguage(next)}
    />
  );
}
