import { initI18n } from '../i18n/i18n';
import { notificationTime } from './relative-time';

describe('relative notification time', () => {
  const t = initI18n('en').t.bind(initI18n('en'));
  const now = new Date('2026-05-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it.each([
    [0, 'Právě teď'],
    [59_999, 'Právě teď'],
    [60_000, 'Před 1 min'],
    [59 * 60_000 + 59_999, 'Před 59 min'],
    [60 * 60_000, 'Před 1 hod'],
    [23 * 3600_000 + 3599_999, 'Před 23 hod'],
  ])('%i ms ago reads %s (in both languages)', (ms, text) => {
    expect(notificationTime(ago(ms), t, now)).toBe(text);
  });

  it('shows the date in the Czech locale from 24 hours on', () => {
    expect(notificationTime(ago(24 * 3600_000), t, now)).toBe(ago(24 * 3600_000).toLocaleDateString('cs-CZ'));
    expect(notificationTime('2026-01-05T10:00:00Z', t, now)).toBe('5. 1. 2026');
    expect(notificationTime('not a date', t, now)).toBe('');
  });
});
