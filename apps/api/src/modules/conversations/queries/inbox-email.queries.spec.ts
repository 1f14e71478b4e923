import { EMAIL_STATUSES, PRIORITIES, ZListEmailsQuery, ZMyTasksQuery, ZSearchEmailsQuery } from '@teaminbox/contracts';
import { DomainError } from '../../../platform/event-sourcing';
import {
  distinctParticipants,
  MAX_CONVERSATION_PARTICIPANTS,
  normalizeEnum,
  searchableText,
} from './inbox-email.queries';

describe('searchableText', () => {
  it('reads the trimmed text, at most 200 characters, and answers null when it has no letter or digit', () => {
    expect(searchableText('  "annual plan" or invoice -ready ')).toBe('"annual plan" or invoice -ready');
    expect(searchableText(' Příloha ')).toBe('Příloha');
    expect(searchableText('x'.repeat(300))).toHaveLength(200);
    expect(searchableText("%' | :* & !")).toBeNull();
    expect(searchableText('  ')).toBeNull();
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

describe('distinctParticipants (the senders of a conversation row)', () => {
  it('keeps each address once (any case), in the given order, with the name it had there, at most ten', () => {
    const carol = { name: 'Carol', email: 'carol@example.com' };
    const dan = { name: null, email: 'dan@example.com' };
    expect(distinctParticipants([carol, dan, { name: 'C.', email: 'CAROL@example.com' }])).toEqual([carol, dan]);
    const many = Array.from({ length: 12 }, (_, i) => ({ name: null, email: `p${i}@example.com` }));
    expect(distinctParticipants(many)).toEqual(many.slice(0, MAX_CONVERSATION_PARTICIPANTS));
    expect(MAX_CONVERSATION_PARTICIPANTS).toBe(10);
  });
});
