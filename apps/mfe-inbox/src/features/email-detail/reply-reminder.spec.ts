import { REMINDER_PRESETS, reminderAt } from './reply-reminder';

describe("the presets of 'Remind me if no answer by'", () => {
  const now = new Date(2026, 2, 20, 14, 30, 15);

  it('are in 1 day, in 3 days and in a week, at the same time of day', () => {
    expect(REMINDER_PRESETS.map((preset) => reminderAt(preset, now))).toEqual([
      new Date(2026, 2, 21, 14, 30, 15),
      new Date(2026, 2, 23, 14, 30, 15),
      new Date(2026, 2, 27, 14, 30, 15),
    ]);
  });

  it('count calendar days across the end of a month and a year', () => {
    expect(reminderAt('inAWeek', new Date(2026, 11, 28, 9, 0))).toEqual(new Date(2027, 0, 4, 9, 0));
    expect(reminderAt('in3Days', new Date(2026, 1, 27, 9, 0))).toEqual(new Date(2026, 2, 2, 9, 0));
  });
});
