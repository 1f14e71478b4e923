import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * The team's business hours (GET/PUT /team/business-hours): when the service-level clocks run
 * ---------------------------------------------------------------------------------------------- */

/** The days of the week, Monday first (ISO 8601 order: index + 1 is the ISO weekday). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Limits that keep a schedule readable and its arithmetic cheap. */
export const MAX_INTERVALS_PER_DAY = 10;
export const MAX_HOLIDAYS = 366;
export const TIME_ZONE_MAX_LENGTH = 64;

/**
 * A time the team is open on one day, in the team's zone: `start` from 00:00 to 23:59, `end` after it, up to 24:00
 * (the end of the day). A shift over midnight is two intervals: 22:00-24:00 one day and 00:00-06:00 the next; the
 * clock runs on through midnight.
 */
export interface OpenInterval {
  start: string;
  end: string;
}

/** The open intervals of each day of the week, each day's ordered by start and never overlapping. */
export type WeeklySchedule = Record<Weekday, OpenInterval[]>;

/** What defines business hours: where, when in the week, and which dates are closed. */
export interface BusinessHoursDefinition {
  /** An IANA time zone (Europe/Prague, America/New_York, UTC): the schedule's times and the holidays are local there. */
  timeZone: string;
  weekly: WeeklySchedule;
  /** Whole days closed (YYYY-MM-DD in the team's zone), ascending, each once. */
  holidays: string[];
}

/** The team's business hours as GET answers them. */
export interface BusinessHours extends BusinessHoursDefinition {
  /**
   * False: the clocks run in calendar time, 24 hours a day, 7 days a week (the default until an ADMIN or MAINTAINER
   * turns business hours on; the schedule is then only the form's starting point).
   */
  enabled: boolean;
  /** The version of the team's business hours (0 until first saved): a change sends it back as `expectedVersion`. */
  version: number;
}

/** What a team has until business hours are set: calendar time, with Monday to Friday 09:00-17:00 UTC to start from. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  enabled: false,
  timeZone: 'UTC',
  weekly: {
    monday: [{ start: '09:00', end: '17:00' }],
    tuesday: [{ start: '09:00', end: '17:00' }],
    wednesday: [{ start: '09:00', end: '17:00' }],
    thursday: [{ start: '09:00', end: '17:00' }],
    friday: [{ start: '09:00', end: '17:00' }],
    saturday: [],
    sunday: [],
  },
  holidays: [],
  version: 0,
};

export const UNKNOWN_TIME_ZONE_MESSAGE = 'Unknown time zone: use an IANA name such as Europe/Prague or UTC';
export const INVALID_TIME_MESSAGE = 'A time must be HH:mm, from 00:00 to 24:00';
export const TOO_MANY_INTERVALS_MESSAGE = `A day can have at most ${MAX_INTERVALS_PER_DAY} intervals`;
export const INVALID_HOLIDAY_MESSAGE = 'A holiday must be a date YYYY-MM-DD';
export const TOO_MANY_HOLIDAYS_MESSAGE = `At most ${MAX_HOLIDAYS} holidays`;
export const NO_OPEN_INTERVAL_MESSAGE = 'Business hours need at least one open interval in the week';
export const EXPECTED_VERSION_MESSAGE = 'expectedVersion must be the version you read (0 when never saved)';

/** Whether the runtime knows the IANA zone (the same database the arithmetic's zone rules come from). */
export function isKnownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes since midnight of an `HH:mm` time (24:00 is 1440). */
export const minutesOfTime = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const ZTime = z.string(INVALID_TIME_MESSAGE).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, INVALID_TIME_MESSAGE);

const ZOpenInterval = z.object({ start: ZTime, end: ZTime });

const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** One day's intervals: each ends after it starts, none overlaps another (touching is fine); ordered by start. */
const ZDay = (day: Weekday) =>
  z
    .array(ZOpenInterval, `${day} must be a list of intervals`)
    .max(MAX_INTERVALS_PER_DAY, TOO_MANY_INTERVALS_MESSAGE)
    .default([])
    .superRefine((intervals, context) => {
      for (const { start, end } of intervals) {
        if (minutesOfTime(end) <= minutesOfTime(start)) {
          context.addIssue({
            code: 'custom',
            message: `An interval must end after it starts (${day} ${start}-${end}); split a shift over midnight in two`,
          });
          return;
        }
      }
      const sorted = [...intervals].sort((a, b) => minutesOfTime(a.start) - minutesOfTime(b.start));
      for (let i = 1; i < sorted.length; i++) {
        const [before, after] = [sorted[i - 1], sorted[i]];
        if (minutesOfTime(after.start) < minutesOfTime(before.end)) {
          context.addIssue({
            code: 'custom',
            message: `Intervals overlap on ${day} (${before.start}-${before.end} and ${after.start}-${after.end})`,
          });
          return;
        }
      }
    })
    .transform((intervals) => [...intervals].sort((a, b) => minutesOfTime(a.start) - minutesOfTime(b.start)));

const ZWeeklySchedule = z.object(
  {
    monday: ZDay('monday'),
    tuesday: ZDay('tuesday'),
    wednesday: ZDay('wednesday'),
    thursday: ZDay('thursday'),
    friday: ZDay('friday'),
    saturday: ZDay('saturday'),
    sunday: ZDay('sunday'),
  },
  'weekly must map each day (monday … sunday) to its intervals',
);

/** PUT /team/business-hours (ADMIN or MAINTAINER): the whole definition, with the version it was read at. */
export const ZBusinessHoursRequest = z
  .object({
    enabled: z.boolean('enabled must be true or false'),
    timeZone: z
      .string(UNKNOWN_TIME_ZONE_MESSAGE)
      .max(TIME_ZONE_MAX_LENGTH, UNKNOWN_TIME_ZONE_MESSAGE)
      .refine(isKnownTimeZone, UNKNOWN_TIME_ZONE_MESSAGE),
    weekly: ZWeeklySchedule,
    holidays: z
      .array(z.string(INVALID_HOLIDAY_MESSAGE).refine(isCalendarDate, INVALID_HOLIDAY_MESSAGE), INVALID_HOLIDAY_MESSAGE)
      .max(MAX_HOLIDAYS, TOO_MANY_HOLIDAYS_MESSAGE)
      .default([])
      .transform((dates) => [...new Set(dates)].sort()),
    expectedVersion: z.number(EXPECTED_VERSION_MESSAGE).int(EXPECTED_VERSION_MESSAGE).min(0, EXPECTED_VERSION_MESSAGE),
  })
  .refine((hours) => !hours.enabled || WEEKDAYS.some((day) => hours.weekly[day].length > 0), {
    message: NO_OPEN_INTERVAL_MESSAGE,
    path: ['weekly'],
  });
export type TBusinessHoursRequest = z.infer<typeof ZBusinessHoursRequest>;

/** On the team's stream `business-hours-<teamId>`: an ADMIN or MAINTAINER saved the team's business hours. */
export interface BusinessHoursChanged extends BusinessHoursDefinition {
  teamId: string;
  enabled: boolean;
}
