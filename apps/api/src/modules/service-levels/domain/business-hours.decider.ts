import {
  type BusinessHours,
  type BusinessHoursChanged,
  type BusinessHoursDefinition,
  DEFAULT_BUSINESS_HOURS,
  type OpenInterval,
  type Role,
  UNKNOWN_TIME_ZONE_MESSAGE,
  WEEKDAYS,
} from '@teaminbox/contracts';
import { IANAZone } from 'luxon';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';

/** The team's business hours: one stream per team. */
export const businessHoursStreamId = (teamId: string) => `business-hours-${teamId}`;

/** Who may change the team's business hours (every member and an AUDITOR read them). */
export const BUSINESS_HOURS_EDITORS: Role[] = ['ADMIN', 'MAINTAINER'];
export const BUSINESS_HOURS_FORBIDDEN_MESSAGE = 'Only an admin or a maintainer can change the business hours';
export const BUSINESS_HOURS_CHANGED_MESSAGE =
  'The business hours were changed meanwhile: load them again and make your change on what they are now';

export type SetBusinessHours = {
  type: 'SetBusinessHours';
  teamId: string;
  role: Role;
  /** The version the caller read (0 when never saved). */
  expectedVersion: number;
  enabled: boolean;
} & BusinessHoursDefinition;

export type BusinessHoursEvent = { type: 'BusinessHoursChanged'; data: BusinessHoursChanged };

/** The business hours as the stream holds them; `teamId` null until a first change. */
export type BusinessHoursState = BusinessHours & { teamId: string | null };

/** A day's intervals as text, whatever the order of each interval's keys (stored events come back from jsonb). */
const dayText = (intervals: readonly OpenInterval[]) => intervals.map(({ start, end }) => `${start}-${end}`).join();

const sameHours = (a: BusinessHours, b: Omit<BusinessHours, 'version'>) =>
  a.enabled === b.enabled &&
  a.timeZone === b.timeZone &&
  a.holidays.join() === b.holidays.join() &&
  WEEKDAYS.every((day) => dayText(a.weekly[day]) === dayText(b.weekly[day]));

/**
 * The team's business hours (stream `business-hours-<teamId>`): calendar time until a first change. An ADMIN or a
 * MAINTAINER changes them, naming the version they read: a change made on an older version is refused (409), so two
 * editors never overwrite each other unknowingly. Saving what they already are records nothing. The request is
 * checked by its contract (intervals, holidays, limits); the zone is checked here again against the zone database
 * the arithmetic uses.
 */
export const businessHoursDecider: Decider<SetBusinessHours, BusinessHoursEvent, BusinessHoursState> = {
  eventTypes: ['BusinessHoursChanged'],
  initialState: () => ({ ...DEFAULT_BUSINESS_HOURS, teamId: null }),

  decide(command, state) {
    if (state.teamId !== null && state.teamId !== command.teamId) {
      throw new DomainError('not-found', 'Team not found');
    }
    if (!BUSINESS_HOURS_EDITORS.includes(command.role)) {
      throw new DomainError('forbidden', BUSINESS_HOURS_FORBIDDEN_MESSAGE);
    }
    if (command.expectedVersion !== state.version) throw new DomainError('conflict', BUSINESS_HOURS_CHANGED_MESSAGE);
    if (!IANAZone.isValidZone(command.timeZone)) throw new DomainError('invalid', UNKNOWN_TIME_ZONE_MESSAGE);
    const { teamId, enabled, timeZone, weekly, holidays } = command;
    if (sameHours(state, { enabled, timeZone, weekly, holidays })) return [];
    return [{ type: 'BusinessHoursChanged', data: { teamId, enabled, timeZone, weekly, holidays } }];
  },

  evolve: (state, { data }) => ({
    teamId: data.teamId,
    enabled: data.enabled,
    timeZone: data.timeZone,
    weekly: data.weekly,
    holidays: data.holidays,
    version: state.version + 1,
  }),
};
