import {
  type BusinessHours,
  type BusinessHoursDefinition,
  minutesOfTime,
  WEEKDAYS,
  type WeeklySchedule,
} from '@teaminbox/contracts';
import { DateTime } from 'luxon';

/**
 * The business-hours arithmetic of the service-level clocks: pure, no I/O. Zones and daylight saving come from luxon
 * (the runtime's IANA database), never from offsets written here.
 *
 * A business minute is a real minute during which the team is open: inside an interval of the weekly schedule, on a
 * date that is not a holiday, both read on the wall clock of the team's zone, and outside every pause of the clock.
 * An interval that spans a daylight-saving change therefore holds an hour less (spring) or more (autumn) than its wall
 * times say. A wall time that does not exist (the skipped hour) is moved forward by the gap, as luxon does.
 */

/** When the team is open; `null` stands for calendar time (24 hours a day, 7 days a week). */
export type BusinessCalendar = BusinessHoursDefinition | null;

/** A time the clock does not run (snoozed, waiting on the customer); `until` null: paused still. */
export interface ClockPause {
  from: Date;
  until: Date | null;
}

/** The calendar the clocks run on: the team's business hours when they are on, else calendar time. */
export const calendarOf = (hours: BusinessHours): BusinessCalendar =>
  hours.enabled ? { timeZone: hours.timeZone, weekly: hours.weekly, holidays: hours.holidays } : null;

/** How far ahead a due time is looked for before it is taken as never reached (a clock paused for good). */
const MAX_SEARCH_DAYS = 5 * 366;
const MINUTE_MS = 60_000;

/** A half-open span of time [start, end) in epoch milliseconds. */
interface Span {
  start: number;
  end: number;
}

/** One day's intervals in minutes since local midnight. */
type DayIntervals = { start: number; end: number }[];

function minuteSchedule(weekly: WeeklySchedule): DayIntervals[] {
  return WEEKDAYS.map((day) =>
    weekly[day].map((interval) => ({ start: minutesOfTime(interval.start), end: minutesOfTime(interval.end) })),
  );
}

/** The wall time `minutes` after local midnight of `day` in its zone, as an instant (24:00 is the next midnight). */
function wallTime(day: DateTime, minutes: number): number {
  if (minutes >= 24 * 60) return day.plus({ days: 1 }).startOf('day').toMillis();
  return DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour: Math.floor(minutes / 60), minute: minutes % 60 },
    { zone: day.zone },
  ).toMillis();
}

/**
 * The open spans of the calendar from the local day that holds `fromMs` on, in order (a shift over midnight is two
 * spans that meet); at most `maxDays` days are looked at. Calendar time is one endless span.
 */
function* openSpans(calendar: BusinessCalendar, fromMs: number, maxDays: number): Generator<Span> {
  if (calendar === null) {
    yield { start: fromMs, end: Number.POSITIVE_INFINITY };
    return;
  }
  const schedule = minuteSchedule(calendar.weekly);
  const holidays = new Set(calendar.holidays);
  let day = DateTime.fromMillis(fromMs, { zone: calendar.timeZone }).startOf('day');
  for (let count = 0; count < maxDays; count++, day = day.plus({ days: 1 }).startOf('day')) {
    if (holidays.has(day.toISODate() ?? '')) continue;
    for (const interval of schedule[day.weekday - 1]) {
      const span = { start: wallTime(day, interval.start), end: wallTime(day, interval.end) };
      if (span.end > span.start) yield span;
    }
  }
}

/** The pauses as ordered, disjoint spans (overlapping and touching ones merged); an open pause runs forever. */
function pauseSpans(pauses: readonly ClockPause[]): Span[] {
  const spans = pauses
    .map((pause) => ({
      start: pause.from.getTime(),
      end: pause.until === null ? Number.POSITIVE_INFINITY : pause.until.getTime(),
    }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The spans in which the clock runs from `fromMs` on: open, not paused, not before `fromMs`. */
function* runningSpans(
  calendar: BusinessCalendar,
  fromMs: number,
  pauses: readonly ClockPause[],
  maxDays: number,
): Generator<Span> {
  const paused = pauseSpans(pauses);
  let p = 0;
  for (const open of openSpans(calendar, fromMs, maxDays)) {
    let start = Math.max(open.start, fromMs);
    while (start < open.end) {
      while (p < paused.length && paused[p].end <= start) p++;
      const pause = paused[p];
      if (!pause || pause.start >= open.end) {
        yield { start, end: open.end };
        break;
      }
      if (pause.start > start) yield { start, end: pause.start };
      if (pause.end === Number.POSITIVE_INFINITY) return;
      start = pause.end;
    }
  }
}

/**
 * The instant at which `minutes` business minutes have run from `start`: the due time of a target. A target met at
 * the very end of an open interval is due then, not at the next opening. Zero minutes are due at `start`. Null when
 * the clock never gets there (paused for good, or nothing open within five years).
 */
export function addBusinessMinutes(
  calendar: BusinessCalendar,
  start: Date,
  minutes: number,
  pauses: readonly ClockPause[] = [],
): Date | null {
  let remaining = minutes * MINUTE_MS;
  if (remaining <= 0) return new Date(start.getTime());
  for (const span of runningSpans(calendar, start.getTime(), pauses, MAX_SEARCH_DAYS)) {
    const length = span.end - span.start;
    if (length >= remaining) return new Date(span.start + remaining);
    remaining -= length;
  }
  return null;
}

/** The business minutes that ran from `from` to `to` (0 when `to` is not after `from`); fractions of a minute kept. */
export function businessMinutesBetween(
  calendar: BusinessCalendar,
  from: Date,
  to: Date,
  pauses: readonly ClockPause[] = [],
): number {
  const [fromMs, toMs] = [from.getTime(), to.getTime()];
  if (toMs <= fromMs) return 0;
  const days = Math.ceil((toMs - fromMs) / (24 * 60 * MINUTE_MS)) + 2;
  let elapsed = 0;
  for (const span of runningSpans(calendar, fromMs, pauses, days)) {
    if (span.start >= toMs) break;
    elapsed += Math.min(span.end, toMs) - span.start;
  }
  return elapsed / MINUTE_MS;
}
