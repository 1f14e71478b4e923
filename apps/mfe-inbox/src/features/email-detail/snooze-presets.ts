/** The Snooze menu's presets, in the browser's time zone (docs/time.md). */
export type SnoozePreset = 'laterToday' | 'tomorrowMorning' | 'nextWeek';

export const SNOOZE_PRESETS: readonly SnoozePreset[] = ['laterToday', 'tomorrowMorning', 'nextWeek'];

/** The hour a morning preset wakes at (local time). */
const MORNING_HOUR = 8;
const LATER_TODAY_MS = 3 * 60 * 60_000;

/**
 * When a preset wakes, from `now`: later today is three hours on; tomorrow morning is 08:00 of the next day; next
 * week is 08:00 of the next Monday (a week on when today is Monday). Days are calendar days of the local time zone,
 * so a change to or from summer time keeps 08:00.
 */
export function snoozeUntil(preset: SnoozePreset, now: Date): Date {
  switch (preset) {
    case 'laterToday':
      return new Date(now.getTime() + LATER_TODAY_MS);
    case 'tomorrowMorning':
      return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, MORNING_HOUR);
    case 'nextWeek': {
      const daysToMonday = (8 - now.getDay()) % 7 || 7;
      return new Date(now.getFullYear(), now.getMonth(), now.getDate() + daysToMonday, MORNING_HOUR);
    }
    default: {
      const unknown: never = preset;
      throw new Error(`Unknown snooze preset ${String(unknown)}`);
    }
  }
}
