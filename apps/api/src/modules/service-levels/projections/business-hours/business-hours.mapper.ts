import type { BusinessHours, WeeklySchedule } from '@teaminbox/contracts';

/** A row of `business_hours`, as selected by SELECT_BUSINESS_HOURS. */
export interface BusinessHoursRow {
  enabled: boolean;
  time_zone: string;
  weekly: WeeklySchedule;
  holidays: string[];
  version: number;
}

export const SELECT_BUSINESS_HOURS = 'SELECT enabled, time_zone, weekly, holidays, version FROM business_hours';

export const toBusinessHours = (row: BusinessHoursRow): BusinessHours => ({
  enabled: row.enabled,
  timeZone: row.time_zone,
  weekly: row.weekly,
  holidays: row.holidays,
  version: row.version,
});
