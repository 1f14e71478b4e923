import { PersonalDataRegistry, normaliseAddress, replaceAt } from './personal-fields';

describe('personal fields', () => {
  const upper = (text: string) => text.toUpperCase();

  it('replaces the strings at a path, copying only the containers on it', () => {
    const headers = [{ name: 'from', value: 'a' }];
    const data = { subject: 's', to: ['x', 'y'], headers, attachments: [{ filename: 'f', size: 1 }], n: 3 };
    expect(replaceAt(data, ['subject'], upper)).toEqual({ ...data, subject: 'S' });
    expect(replaceAt(data, ['to', '1'], upper)).toEqual({ ...data, to: ['x', 'Y'] });
    expect(replaceAt(data, ['headers', '*', 'value'], upper)).toEqual({
      ...data,
      headers: [{ name: 'from', value: 'A' }],
    });
    expect(replaceAt(data, ['attachments', '*', 'size'], upper)).toEqual(data);
    // Missing fields, out-of-range indexes and non-strings are left alone; the input is never changed.
    expect(replaceAt(data, ['missing'], upper)).toBe(data);
    expect(replaceAt(data, ['to', '5'], upper)).toEqual(data);
    expect(replaceAt(data, ['n'], upper)).toEqual(data);
    expect(data.subject).toBe('s');
    expect(headers[0].value).toBe('a');
    expect(replaceAt({ meta: { a: 'p', b: 'q' } }, ['meta', '*'], upper)).toEqual({ meta: { a: 'P', b: 'Q' } });
  });

  it('normalises addresses', () => {
    expect(normaliseAddress('  Martina.Novakova@Example.COM ')).toBe('martina.novakova@example.com');
  });

  it('keeps one declaration per type and leaves out groups without an address', () => {
    const registry = new PersonalDataRegistry();
    registry.declare<{ teamId: string; from: string }>('Sent', (data) => [
      { teamId: data.teamId, address: data.from, paths: ['from'] },
    ]);
    expect(() => registry.declare('Sent', () => [])).toThrow('already declared');
    expect(registry.types()).toEqual(['Sent']);
    expect(registry.groupsOf('Sent', { teamId: 't', from: 'a@b.c' })).toEqual([
      { teamId: 't', address: 'a@b.c', paths: ['from'] },
    ]);
    expect(registry.groupsOf('Sent', { teamId: 't', from: ' ' })).toEqual([]);
    // An address copied from an erased event names nobody: nothing is sealed for it.
    expect(registry.groupsOf('Sent', { teamId: 't', from: '[erased]' })).toEqual([]);
    expect(registry.groupsOf('Other', { teamId: 't', from: 'a@b.c' })).toEqual([]);
    expect(registry.groupsOf('Sent', null)).toEqual([]);
  });
});
