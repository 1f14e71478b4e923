import { snoozeUntil } from './snooze-presets';

describe('snooze presets (in the local time zone)', () => {
  // Wednesday 4 March 2026, 14:30 local time.
  const wednesday = new Date(2026, 2, 4, 14, 30);

  it('later today is three hours on', () => {
    expect(snoozeUntil('laterToday', wednesday)).toEqual(new Date(2026, 2, 4, 17, 30));
  });

  it('tomorrow morning is 08:00 of the next day, also across a month', () => {
    expect(snoozeUntil('tomorrowMorning', wednesday)).toEqual(new Date(2026, 2, 5, 8, 0));
    expect(snoozeUntil('tomorrowMorning', new Date(2026, 2, 31, 23, 50))).toEqual(new Date(2026, 3, 1, 8, 0));
  });

  it('next week is 08:00 of the next Monday; on a Monday, the Monday after', () => {
    expect(snoozeUntil('nextWeek', wednesday)).toEqual(new Date(2026, 2, 9, 8, 0));
    expect(snoozeUntil('nextWeek', new Date(2026, 2, 8, 22, 0))).toEqual(new Date(2026, 2, 9, 8, 0));
    expect(snoozeUntil('nextWeek', new Date(2026, 2, 9, 7, 0))).toEqual(new Date(2026, 2, 16, 8, 0));
  });
});
