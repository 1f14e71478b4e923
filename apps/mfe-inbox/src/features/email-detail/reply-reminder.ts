/** The presets of "Remind me if no answer by", in the browser's time zone (docs/time.md). */
export type ReminderPreset = 'in1Day' | 'in3Days' | 'inAWeek';

export const REMINDER_PRESETS: readonly ReminderPreset[] = ['in1Day', 'in3Days', 'inAWeek'];

const DAYS: Record<ReminderPreset, number> = { in1Day: 1, in3Days: 3, inAWeek: 7 };

/**
 * When a preset's reminder is due, from `now`: the same time of day one, three or seven calendar days on (local
 * days, so a change to or from summer time keeps the time of day).
 */
export function reminderAt(preset: ReminderPreset, now: Date): Date {
  const at = new Date(now);
  at.setDate(at.getDate() + DAYS[preset]);
  return at;
}
