import i18next from 'i18next';
import { initI18n, textKeys } from '@teaminbox/ui';
import { inboxCs } from './cs';
import { inboxEn } from './en';
import { INBOX_NS } from './texts';

describe('inbox texts', () => {
  it('has the same keys in English and Czech', () => {
    expect(textKeys(inboxCs)).toEqual(textKeys(inboxEn));
  });

  it('is registered as its own namespace', () => {
    initI18n();
    expect(i18next.t('inbox.empty', { ns: INBOX_NS })).toBe('No emails found');
  });

  it('holds the spec texts verbatim', () => {
    expect(inboxEn.inbox).toMatchObject({ loading: 'Loading...', empty: 'No emails found' });
    for (const key of ['unknownSender', 'connected', 'disconnected'] as const)
      expect(inboxCs.inbox[key]).toBe(inboxEn.inbox[key]);
    expect(inboxEn.inbox.unknownSender).toBe('Neznámý odesílatel');
  });
});
