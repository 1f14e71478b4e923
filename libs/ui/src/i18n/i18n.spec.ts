import i18next from 'i18next';
import { uiCs } from './cs';
import { uiEn } from './en';
import { initI18n, loadLanguage, registerTexts, setLanguage, textKeys, textNamespaces } from './i18n';

describe('libs/ui texts', () => {
  it('has the same keys in English and Czech', () => {
    expect(textKeys(uiCs)).toEqual(textKeys(uiEn));
  });

  it('holds only the texts of its own components', () => {
    expect(Object.keys(uiEn).sort()).toEqual([
      'emailProof',
      'login',
      'nav',
      'notifications',
      'shortcuts',
      'standalone',
    ]);
    expect(Object.keys(uiEn.nav).sort()).toEqual(['language', 'theme', 'themeDark', 'themeLight']);
  });

  it('holds the spec’s Czech texts of the notices about notifications, in both languages', () => {
    for (const texts of [uiEn, uiCs]) {
      expect(texts.notifications).toMatchObject({
        markError: 'Chyba při označování notifikace',
        markAllError: 'Chyba při označování notifikací',
        allMarked: 'Všechny notifikace označeny jako přečtené',
        browserEnabled: 'Prohlížečové notifikace povoleny',
        browserDenied: 'Notifikace nejsou povoleny',
        browserUnavailable: 'Nelze požádat o povolení',
        snoozed: 'Notifikace ztlumeny na {{n}} min',
      });
    }
  });

  it('shows a notice raised with a notifications key whichever remote’s texts are registered', () => {
    initI18n('en');
    expect(i18next.t('notifications.snoozed', { n: 15, ns: textNamespaces() })).toBe('Notifikace ztlumeny na 15 min');
  });
});

describe('text registry', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('adds a namespace registered after start in English at once and in Czech when Czech is chosen', async () => {
    initI18n('en');
    let czechLoads = 0;
    registerTexts('sample', {
      en: { screen: { heading: 'Sample' } },
      cs: () => {
        czechLoads += 1;
        return Promise.resolve({ screen: { heading: 'Ukázka' } });
      },
    });
    expect(textNamespaces()).toEqual(expect.arrayContaining(['ui', 'sample']));
    expect(i18next.t('screen.heading', { ns: 'sample' })).toBe('Sample');
    expect(czechLoads).toBe(0);

    await setLanguage('cs');
    expect(i18next.t('screen.heading', { ns: 'sample' })).toBe('Ukázka');
    expect(i18next.t('nav.language')).toBe(uiCs.nav.language);
    await loadLanguage('cs');
    expect(czechLoads).toBe(1);
  });

  it('loads the Czech texts of a namespace registered while Czech is shown', async () => {
    initI18n('en');
    await setLanguage('cs');
    registerTexts('late', { en: { a: 'English' }, cs: () => Promise.resolve({ a: 'Česky' }) });
    await loadLanguage('cs');
    expect(i18next.t('a', { ns: 'late' })).toBe('Česky');
  });
});
