import { normaliseSubject, participantAddress, subjectKeyOf } from './conversation-subject';

describe('normaliseSubject', () => {
  it.each([
    ['Printer on fire', 'printer on fire'],
    ['Re: Printer on fire', 'printer on fire'],
    ['RE: Printer on fire', 'printer on fire'],
    ['re:Printer on fire', 'printer on fire'],
    ['Fwd: Re: FW: Printer on fire', 'printer on fire'],
    ['Fw: Printer on fire', 'printer on fire'],
    ['AW: WG: Printer on fire', 'printer on fire'],
    ['Odp: Printer on fire', 'printer on fire'],
    ['Odp.: Printer on fire', 'printer on fire'],
    ['Sv: Vs: Antw: Printer on fire', 'printer on fire'],
    ['Re[2]: Printer on fire', 'printer on fire'],
    ['RE(3): Printer on fire', 'printer on fire'],
    ['Re : Printer on fire', 'printer on fire'],
    ['[support] Re: Printer on fire', 'printer on fire'],
    ['Re: [Ticket #12] Printer on fire', 'printer on fire'],
    ['回复：Printer on fire', 'printer on fire'],
    ['  Re:   Printer \t on\n fire  ', 'printer on fire'],
    ['PRINTER ON FIRE', 'printer on fire'],
  ])('%j is %j', (subject, expected) => {
    expect(normaliseSubject(subject)).toBe(expected);
  });

  it('keeps words that only begin like a prefix, and prefixes inside the subject', () => {
    expect(normaliseSubject('Record of the meeting')).toBe('record of the meeting');
    expect(normaliseSubject('Reading: list')).toBe('reading: list');
    expect(normaliseSubject('Invoice Re: March')).toBe('invoice re: march');
    expect(normaliseSubject('Re: Re')).toBe('re');
  });

  it('is empty for an empty subject or only prefixes', () => {
    expect(normaliseSubject('')).toBe('');
    expect(normaliseSubject(null)).toBe('');
    expect(normaliseSubject('Re: Fwd: ')).toBe('');
  });
});

describe('subjectKeyOf', () => {
  const own = new Set(['support@example.com']);

  it('is the same for a reply from the same sender, whatever the prefixes and case', () => {
    expect(subjectKeyOf('Re: Printer on fire', 'Carol@Customer.example', own)).toBe(
      subjectKeyOf('Printer on fire', 'carol@customer.example', own),
    );
  });

  it('differs for another subject or another sender', () => {
    const key = subjectKeyOf('Printer on fire', 'carol@customer.example', own);
    expect(subjectKeyOf('Printer still on fire', 'carol@customer.example', own)).not.toBe(key);
    expect(subjectKeyOf('Printer on fire', 'dave@customer.example', own)).not.toBe(key);
  });

  it('is null without a subject, without a plain sender address, or from one of the team’s own addresses', () => {
    expect(subjectKeyOf('Re:', 'carol@customer.example', own)).toBeNull();
    expect(subjectKeyOf('Printer on fire', '[erased]', own)).toBeNull();
    expect(subjectKeyOf('Printer on fire', 'Support@example.com', own)).toBeNull();
  });

  it('holds no personal data in clear', () => {
    const key = subjectKeyOf('Printer on fire', 'carol@customer.example', own)!;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('participantAddress', () => {
  it('is the lower-case address, or null for what is not one', () => {
    expect(participantAddress(' Carol@Customer.Example ')).toBe('carol@customer.example');
    expect(participantAddress('[erased]')).toBeNull();
    expect(participantAddress(undefined)).toBeNull();
  });
});
