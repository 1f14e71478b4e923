import { DomainError } from '../../../platform/event-sourcing/domain-error';
import {
  assertHeaderValue,
  INVALID_HEADER_VALUE_MESSAGE,
  messageIdFor,
  parseRecipient,
  referencesFor,
} from './reply-message';

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('reply message rules', () => {
  it('accepts one plain address and trims it', () => {
    expect(parseRecipient('  alice@example.com ')).toBe('alice@example.com');
  });

  it.each([
    'a@b.c, d@e.f',
    'a@b.c;d@e.f',
    'Alice <alice@example.com>',
    '"alice@example.com" <mallory@evil.test>',
    'alice@example.com (Mallory)',
    'alice@example.com@evil.test',
    'alice',
    '',
  ])('refuses the ambiguous address %j', (entry) => {
    const error = errorOf(() => parseRecipient(entry));
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe(`Invalid email address: ${entry}`);
  });

  it.each(['alice@example.com\r\nBcc: x@evil.test', 'alice@example.com\n', 'a\rb'])(
    'refuses a line break in %j as an invalid header value',
    (value) => {
      expect(errorOf(() => parseRecipient(value)).message).toBe(INVALID_HEADER_VALUE_MESSAGE);
      expect(errorOf(() => assertHeaderValue(value)).message).toBe(INVALID_HEADER_VALUE_MESSAGE);
    },
  );

  it('builds our Message-ID on the sending domain', () => {
    expect(messageIdFor('0f8e5b1c-2d34-4c56-8e7f-9a0b1c2d3e4f', 'Support@Example.COM')).toBe(
      '<0f8e5b1c-2d34-4c56-8e7f-9a0b1c2d3e4f@example.com>',
    );
  });

  it('appends the original Message-ID to its references without repeats', () => {
    expect(referencesFor(['<a@x>', 'b@x'], '<c@x>')).toEqual(['<a@x>', '<b@x>', '<c@x>']);
    expect(referencesFor(['<a@x>'], '<a@x>')).toEqual(['<a@x>']);
    expect(referencesFor([], null)).toEqual([]);
  });
});
