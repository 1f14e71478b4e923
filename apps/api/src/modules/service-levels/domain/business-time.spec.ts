import { DEFAULT_BUSINESS_HOURS, type WeeklySchedule } from '@teaminbox/contracts';
import {
  addBusinessMinutes,
  type BusinessCalendar,
  businessMinutesBetween,
  calendarOf,
  type ClockPause,
} from './business-time';

const nineToFive = [{ start: '09:00', end: '17:00' }];
const weekdays = (intervals: { start: string; end: string }[]): WeeklySchedule => ({
  monday: intervals,
  tuesday: intervals,
  wednesday: intervals,
  thursday: intervals,
  friday: intervals,
  saturday: [],
  sunday: [],
});

/** Prague office hours, Monday to Friday 09:00-17:00, closed on Christmas Eve, Christmas Day and St Stephen's. */
const prague: BusinessCalendar = {
  timeZone: 'Europe/Prague',
  weekly: weekdays(nineToFive),
  holidays: ['2026-12-24', '2026-12-25', '2026-12-26'],
};

const at = (iso: string) => new Date(iso);
const utc = (date: Date | null) => date?.toISOString() ?? null;

/** Given a calendar (and pauses), when N business minutes are added to a start, then the due time is … */
function given(calendar: BusinessCalendar, pauses: ClockPause[] = []) {
  return {
    whenAdding: (minutes: number, start: string) => ({
      thenDue: (expected: string | null) =>
        expect(utc(addBusinessMinutes(calendar, at(start), minutes, pauses))).toBe(expected),
    }),
    whenMeasuring: (from: string, to: string) => ({
      thenElapsed: (minutes: number) =>
        expect(businessMinutesBetween(calendar, at(from), at(to), pauses)).toBe(minutes),
    }),
  };
}

describe('business-hours arithmetic', () => {
  describe('across a weekend', () => {
    it('goes on on Monday with what Friday left', () => {
      // Friday 13 November 2026, 16:00 in Prague (CET, UTC+1) + 2 h: one hour on Friday, one on Monday.
      given(prague).whenAdding(120, '2026-11-13T15:00:00Z').thenDue('2026-11-16T09:00:00.000Z');
      given(prague).whenMeasuring('2026-11-13T15:00:00Z', '2026-11-16T09:00:00Z').thenElapsed(120);
    });

    it('is due at the end of the day when the target fills it, not at the next opening', () => {
      given(prague).whenAdding(60, '2026-11-13T15:00:00Z').thenDue('2026-11-13T16:00:00.000Z');
    });

    it('starts at the next opening when the start is outside business hours', () => {
      // Saturday noon + 30 min: Monday 09:30 Prague.
      given(prague).whenAdding(30, '2026-11-14T11:00:00Z').thenDue('2026-11-16T08:30:00.000Z');
      given(prague).whenMeasuring('2026-11-14T11:00:00Z', '2026-11-15T23:00:00Z').thenElapsed(0);
    });

    it('counts a whole week as five eight-hour days', () => {
      given(prague)
        .whenMeasuring('2026-11-16T00:00:00Z', '2026-11-23T00:00:00Z')
        .thenElapsed(5 * 8 * 60);
      given(prague)
        .whenAdding(5 * 8 * 60, '2026-11-16T08:00:00Z')
        .thenDue('2026-11-20T16:00:00.000Z');
    });
  });

  describe('across holidays', () => {
    it('skips the holidays as closed days', () => {
      // Wednesday 23 December 16:30 + 60 min: 30 min that day, then Thursday to Saturday closed (holidays and a
      // Saturday), Sunday closed, 30 min on Monday 28 December.
      given(prague).whenAdding(60, '2026-12-23T15:30:00Z').thenDue('2026-12-28T08:30:00.000Z');
      given(prague)
        .whenMeasuring('2026-12-23T08:00:00Z', '2026-12-29T08:00:00Z')
        .thenElapsed(2 * 8 * 60);
    });

    it('reads a holiday as a date in the team’s zone', () => {
      // 23:30 UTC on 23 December is already the 24th in Prague: closed, though it is the 23rd in UTC.
      const lateShift: BusinessCalendar = { ...prague!, weekly: weekdays([{ start: '00:00', end: '24:00' }]) };
      given(lateShift).whenMeasuring('2026-12-23T23:00:00Z', '2026-12-23T23:30:00Z').thenElapsed(0);
      given(lateShift)
        .whenMeasuring('2026-12-22T23:00:00Z', '2026-12-23T23:00:00Z')
        .thenElapsed(24 * 60);
    });
  });

  describe('across a daylight-saving change in Europe/Prague', () => {
    it('keeps the wall-clock hours on both sides of the spring change (last Sunday of March)', () => {
      // Friday 27 March 2026 16:30 CET (15:30Z) + 60 min: 30 min Friday, 30 min Monday 30 March from 09:00 CEST (07:00Z).
      given(prague).whenAdding(60, '2026-03-27T15:30:00Z').thenDue('2026-03-30T07:30:00.000Z');
      given(prague).whenMeasuring('2026-03-27T15:30:00Z', '2026-03-30T07:30:00Z').thenElapsed(60);
    });

    it('keeps the wall-clock hours on both sides of the autumn change (last Sunday of October)', () => {
      // Friday 23 October 2026 16:30 CEST (14:30Z) + 60 min: Monday 26 October 09:30 CET (08:30Z).
      given(prague).whenAdding(60, '2026-10-23T14:30:00Z').thenDue('2026-10-26T08:30:00.000Z');
    });

    it('counts the real minutes of an interval the change shortens or lengthens', () => {
      const sundayNight: BusinessCalendar = {
        timeZone: 'Europe/Prague',
        weekly: { ...weekdays([]), sunday: [{ start: '01:00', end: '04:00' }] },
        holidays: [],
      };
      // 29 March: 02:00 does not exist, 01:00-04:00 holds two hours. 25 October: 02:00-03:00 happens twice, four hours.
      given(sundayNight).whenMeasuring('2026-03-28T12:00:00Z', '2026-03-29T12:00:00Z').thenElapsed(120);
      given(sundayNight).whenMeasuring('2026-10-24T12:00:00Z', '2026-10-25T12:00:00Z').thenElapsed(240);
      // A week before each change the same interval holds its three hours.
      given(sundayNight).whenMeasuring('2026-03-21T12:00:00Z', '2026-03-22T12:00:00Z').thenElapsed(180);
      given(sundayNight).whenAdding(150, '2026-10-24T12:00:00Z').thenDue('2026-10-25T01:30:00.000Z');
    });

    it('has a 23-hour and a 25-hour day when open all day', () => {
      const allDay = [{ start: '00:00', end: '24:00' }];
      const always: BusinessCalendar = {
        timeZone: 'Europe/Prague',
        weekly: { ...weekdays(allDay), saturday: allDay, sunday: allDay },
        holidays: [],
      };
      // Sunday 29 March from local midnight (23:00Z the day before) to Monday's (22:00Z).
      given(always)
        .whenMeasuring('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z')
        .thenElapsed(23 * 60);
      given(always)
        .whenMeasuring('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z')
        .thenElapsed(25 * 60);
      given(always)
        .whenAdding(24 * 60, '2026-03-28T23:00:00Z')
        .thenDue('2026-03-29T23:00:00.000Z');
    });
  });

  describe('a shift over midnight (two intervals that meet at midnight)', () => {
    const nights: BusinessCalendar = {
      timeZone: 'UTC',
      weekly: {
        ...weekdays([]),
        friday: [{ start: '22:00', end: '24:00' }],
        saturday: [{ start: '00:00', end: '06:00' }],
      },
      holidays: [],
    };

    it('runs on through midnight', () => {
      // Friday 20 November 2026 23:30 + 60 min: Saturday 00:30.
      given(nights).whenAdding(60, '2026-11-20T23:30:00Z').thenDue('2026-11-21T00:30:00.000Z');
      given(nights)
        .whenMeasuring('2026-11-20T21:00:00Z', '2026-11-21T07:00:00Z')
        .thenElapsed(8 * 60);
    });

    it('goes on in the next week’s shift', () => {
      // Saturday 05:00 + 120 min: one hour on Saturday, the next Friday 22:00-23:00.
      given(nights).whenAdding(120, '2026-11-21T05:00:00Z').thenDue('2026-11-27T23:00:00.000Z');
    });
  });

  describe('with pauses (snoozed, waiting on the customer)', () => {
    // Monday 16 November 2026: waiting on the customer from 10:00 until Tuesday 11:00 (Prague).
    const waiting: ClockPause = { from: at('2026-11-16T09:00:00Z'), until: at('2026-11-17T10:00:00Z') };

    it('stops the clock while paused', () => {
      // From Monday 09:00, 4 h: 1 h before the pause, 3 h from Tuesday 11:00: due Tuesday 14:00 Prague (13:00Z).
      given(prague, [waiting]).whenAdding(240, '2026-11-16T08:00:00Z').thenDue('2026-11-17T13:00:00.000Z');
      given(prague, [waiting]).whenMeasuring('2026-11-16T08:00:00Z', '2026-11-17T11:00:00Z').thenElapsed(120);
    });

    it('merges pauses that overlap or touch', () => {
      const pieces: ClockPause[] = [
        { from: at('2026-11-16T09:00:00Z'), until: at('2026-11-16T12:00:00Z') },
        { from: at('2026-11-16T11:00:00Z'), until: at('2026-11-17T08:00:00Z') },
        { from: at('2026-11-17T08:00:00Z'), until: at('2026-11-17T10:00:00Z') },
      ];
      given(prague, pieces).whenAdding(240, '2026-11-16T08:00:00Z').thenDue('2026-11-17T13:00:00.000Z');
    });

    it('ignores a pause outside business hours and one that ended before the start', () => {
      const ignored: ClockPause[] = [
        { from: at('2026-11-14T08:00:00Z'), until: at('2026-11-15T20:00:00Z') },
        { from: at('2026-11-13T08:00:00Z'), until: at('2026-11-13T09:00:00Z') },
      ];
      given(prague, ignored).whenAdding(120, '2026-11-13T15:00:00Z').thenDue('2026-11-16T09:00:00.000Z');
    });

    it('never reaches a due time while paused still', () => {
      const still: ClockPause = { from: at('2026-11-16T09:00:00Z'), until: null };
      given(prague, [still]).whenAdding(240, '2026-11-16T08:00:00Z').thenDue(null);
      given(prague, [still]).whenMeasuring('2026-11-16T08:00:00Z', '2026-11-20T16:00:00Z').thenElapsed(60);
      // Paused still, but the target is met before the pause began.
      given(prague, [still]).whenAdding(45, '2026-11-16T08:00:00Z').thenDue('2026-11-16T08:45:00.000Z');
    });
  });

  describe('in calendar time (no business hours set)', () => {
    it('counts every minute, daylight-saving nights included', () => {
      given(null).whenAdding(90, '2026-03-29T00:30:00Z').thenDue('2026-03-29T02:00:00.000Z');
      given(null)
        .whenMeasuring('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z')
        .thenElapsed(23 * 60);
    });

    it('stops the clock while paused', () => {
      const pause: ClockPause = { from: at('2026-11-16T10:00:00Z'), until: at('2026-11-16T11:00:00Z') };
      given(null, [pause]).whenAdding(90, '2026-11-16T09:30:00Z').thenDue('2026-11-16T12:00:00.000Z');
      given(null, [pause]).whenMeasuring('2026-11-16T09:30:00Z', '2026-11-16T12:00:00Z').thenElapsed(90);
    });

    it('is what a team has until it sets business hours', () => {
      expect(calendarOf(DEFAULT_BUSINESS_HOURS)).toBeNull();
      expect(calendarOf({ ...DEFAULT_BUSINESS_HOURS, enabled: true, timeZone: 'Europe/Prague' })).toEqual({
        timeZone: 'Europe/Prague',
        weekly: DEFAULT_BUSINESS_HOURS.weekly,
        holidays: [],
      });
    });
  });

  describe('edges', () => {
    it('is due at the start for no minutes and measures nothing backwards', () => {
      given(prague).whenAdding(0, '2026-11-14T11:00:00Z').thenDue('2026-11-14T11:00:00.000Z');
      given(prague).whenMeasuring('2026-11-16T12:00:00Z', '2026-11-16T09:00:00Z').thenElapsed(0);
    });

    it('keeps fractions of a minute', () => {
      given(prague).whenMeasuring('2026-11-16T08:00:00Z', '2026-11-16T08:00:30Z').thenElapsed(0.5);
    });

    it('answers a year of business time at once', () => {
      // 2027 in Prague without holidays: 261 weekdays of 8 hours.
      const year = { ...prague!, holidays: [] };
      given(year)
        .whenMeasuring('2026-12-31T23:00:00Z', '2027-12-31T23:00:00Z')
        .thenElapsed(261 * 8 * 60);
    });
  });
});
