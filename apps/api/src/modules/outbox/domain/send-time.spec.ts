import { sendTimeOf } from './send-time';

const now = Date.parse('2026-11-29T10:00:00.000Z');

describe('sendTimeOf', () => {
  it('holds a message back for the undo window, or until its later "send later" time', () => {
    expect(sendTimeOf(now, 10, undefined)).toBe('2026-11-29T10:00:10.000Z');
    expect(sendTimeOf(now, 10, '2026-11-29T12:00:00.000Z')).toBe('2026-11-29T12:00:00.000Z');
    expect(sendTimeOf(now, 30, '2026-11-29T10:00:05.000Z')).toBe('2026-11-29T10:00:30.000Z');
  });

  it('sends at once with a window of 0 and no time', () => {
    expect(sendTimeOf(now, 0, undefined)).toBeUndefined();
  });
});
