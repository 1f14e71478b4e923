import { EMAIL_STATUSES, PRIORITIES, ZListEmailsQuery, ZMyTasksQuery, ZSearchEmailsQuery } from '@teaminbox/contracts';
import { DomainError } from '../../../platform/event-sourcing';
import { normalizeEnum, toPrefixQuery } from './inbox-email.queries';

describe('toPrefixQuery', () => {
  it('makes every word a prefix that must match, lowercased, diacritics kept', () => {
    expect(toPrefixQuery('Invoice 4711')).toBe('invoice:* & 4711:*');
    expect(toPrefixQuery('  Příloha  faktury ')).toBe('příloha:* & faktury:*');
  });

  it('lets no tsquery syntax through and answers null when nothing is searchable', () => {
    expect(toPrefixQuery("a' | b:* & !c (d)")).toBe('a:* & b:* & c:* & d:*');
    expect(toPrefixQuery('%')).toBeNull();
    expect(toPrefixQuery('  ')).toBeNull();
  });
});

describe('normalizeEnum (status and priority filters)', () => {
  it('accepts the spec values in any case, with - or _, and reads blank or all as no filter', () => {
    expect(normalizeEnum('in_progress', EMAIL_STATUSES, 'status')).toBe('IN_PROGRESS');
    expect(normalizeEnum(' In-Progress ', EMAIL_STATUSES, 'status')).toBe('IN_PROGRESS');
    expect(normalizeEnum('high', PRIORITIES, 'priority')).toBe('HIGH');
    for (const none of [undefined, '', '  ', 'ALL', 'all']) {
      expect(normalizeEnum(none, EMAIL_STATUSES, 'status')).toBeNull();
    }
  });

  it('refuses an unknown value instead of ignoring the filter', () => {
    expect(() => normalizeEnum('urgent', PRIORITIES, 'priority')).toThrow(
      new DomainError('invalid', 'Unknown priority: use one of HIGH, MEDIUM, LOW'),
    );
    expect(() => normalizeEnum('done', EMAIL_STATUSES, 'status')).toThrow(/Unknown status/);
  });
});

describe('the paging defaults of the inbox calls', () => {
  it('reads page 0 with 20 emails for the inbox and My Tasks, and 5 results for the quick search', () => {
    expect(ZListEmailsQuery.parse({})).toMatchObject({ page: 0, size: 20, folder: 'inbox' });
    expect(ZMyTasksQuery.parse({})).toMatchObject({ page: 0, size: 20 });
    expect(ZSearchEmailsQuery.parse({})).toMatchObject({ page: 0, size: 5, search: '' });
  });
});
