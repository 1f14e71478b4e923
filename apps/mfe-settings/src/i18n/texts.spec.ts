import i18next from 'i18next';
import { initI18n, textKeys } from '@teaminbox/ui';
import { settingsCs } from './cs';
import { settingsEn } from './en';
import { SETTINGS_NS } from './texts';

describe('settings texts', () => {
  it('has the same keys in English and Czech', () => {
    expect(textKeys(settingsCs)).toEqual(textKeys(settingsEn));
  });

  it('is registered as its own namespace', () => {
    initI18n();
    expect(i18next.t('profile.heading', { ns: SETTINGS_NS })).toBe('Profile');
  });

  it('has the notification, settings and photo texts of the spec verbatim (the notices’ texts are the shared ui’s)', () => {
    for (const language of [settingsEn, settingsCs]) {
      expect(language.notifications).toMatchObject({
        empty: 'Žádné notifikace',
        markRead: 'Označit jako přečtené',
      });
      expect(language.notificationSettings).toMatchObject({
        vacation: 'I am on vacation (do not auto-assign e-mails to me)',
        saveAvailability: 'Save availability',
        typeEMAIL_RECEIVED: 'New e-mails',
        typeTASK_ASSIGNED: 'Assigned tasks',
        typeCOMMENT_ADDED: 'New comments',
        saving: 'Ukládám...',
        reset: 'Reset to defaults',
      });
      expect(language.profile).toMatchObject({
        photoUpdated: 'Profilová fotografie byla aktualizována',
        photoFailed: 'Nahrání fotografie selhalo',
        close: 'Zavřít',
      });
    }
  });
});
