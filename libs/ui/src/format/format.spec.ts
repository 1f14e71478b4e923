import { displayName, formatEmailDate, initials, previewText } from './format';

describe('formatEmailDate', () => {
  const now = new Date('2026-03-20T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();

  it('shows the time for an email under 24 hours old', () => {
    const at = hoursAgo(23.5);
    expect(formatEmailDate(at, now, 'en-GB')).toBe(
      new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }),
    );
  });

  it('shows the short weekday from 24 hours up to 168 hours', () => {
    for (const h of [24, 100, 167.9]) {
      const at = hoursAgo(h);
      expect(formatEmailDate(at, now, 'en-GB')).toBe(new Date(at).toLocaleDateString('en-GB', { weekday: 'short' }));
    }
  });

  it('shows the full date from 168 hours on', () => {
    expect(formatEmailDate(hoursAgo(168), now, 'en-GB')).toBe('13 March 2026');
    expect(formatEmailDate('2025-01-02T10:00:00Z', now, 'en-US')).toBe('January 2, 2025');
  });

  it('shows nothing for an invalid date', () => {
    expect(formatEmailDate('not a date', now)).toBe('');
  });
});

describe('previewText', () => {
  it('cuts a long text to 30 characters plus ...', () => {
    const body = 'Hello team, please find the invoice attached.';
    expect(previewText(body)).toBe('Hello team, please find the in...');
    expect(previewText(body)).toHaveLength(33);
  });

  it('keeps a text of 30 characters or fewer whole', () => {
    expect(previewText('x'.repeat(30))).toBe('x'.repeat(30));
    expect(previewText('Hi!')).toBe('Hi!');
    expect(previewText(null)).toBe('');
  });
});

describe('initials and display names', () => {
  it('takes up to two initials', () => {
    expect(initials('Jana Nováková')).toBe('JN');
    expect(initials('Jana Marie Nováková')).toBe('JM');
    expect(initials('', 'petr.svoboda@example.com')).toBe('PS');
    expect(initials('', 'admin@example.com')).toBe('AD');
  });

  it('uses first and last name when set, else the email', () => {
    expect(displayName({ firstName: 'Jana', lastName: 'Nováková', email: 'j@x.cz' })).toBe('Jana Nováková');
    expect(displayName({ firstName: null, lastName: ' ', email: 'j@x.cz' })).toBe('j@x.cz');
  });
});
