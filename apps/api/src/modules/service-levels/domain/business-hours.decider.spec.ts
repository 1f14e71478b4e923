import { DEFAULT_BUSINESS_HOURS, type WeeklySchedule } from '@teaminbox/contracts';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { businessHoursDecider, type BusinessHoursEvent, type SetBusinessHours } from './business-hours.decider';

const spec = deciderSpecification(businessHoursDecider);
const teamId = 'team-1';
const office: WeeklySchedule = { ...DEFAULT_BUSINESS_HOURS.weekly, friday: [{ start: '09:00', end: '15:00' }] };
const hours = { enabled: true, timeZone: 'Europe/Prague', weekly: office, holidays: ['2026-12-24'] };
const set = (change: Partial<SetBusinessHours> = {}): SetBusinessHours => ({
  type: 'SetBusinessHours',
  teamId,
  role: 'ADMIN',
  expectedVersion: 0,
  ...hours,
  ...change,
});
const changed = (change: Partial<BusinessHoursEvent['data']> = {}): BusinessHoursEvent => ({
  type: 'BusinessHoursChanged',
  data: { teamId, ...hours, ...change },
});
const refused = (kind: string, message?: string) => (error: unknown) =>
  error instanceof DomainError && error.kind === kind && (message === undefined || error.message === message);

describe('business hours decider', () => {
  it.each(['ADMIN', 'MAINTAINER'] as const)('records the business hours a %s sets', (role) => {
    spec.given([]).when(set({ role })).then([changed()]);
  });

  it('records each later change on the version it was made on', () => {
    spec
      .given([changed()])
      .when(set({ expectedVersion: 1, holidays: [] }))
      .then([changed({ holidays: [] })]);
    spec
      .given([changed(), changed({ holidays: [] })])
      .when(set({ expectedVersion: 2, enabled: false }))
      .then([changed({ enabled: false })]);
  });

  it('refuses a change made on a version that is no longer the current one', () => {
    const stale = refused(
      'conflict',
      'The business hours were changed meanwhile: load them again and make your change on what they are now',
    );
    spec
      .given([changed()])
      .when(set({ expectedVersion: 0, holidays: [] }))
      .thenThrows(stale);
    spec
      .given([])
      .when(set({ expectedVersion: 1 }))
      .thenThrows(stale);
    spec
      .given([changed(), changed({ holidays: [] })])
      .when(set({ expectedVersion: 1 }))
      .thenThrows(stale);
  });

  it('records nothing when the hours already are so', () => {
    spec
      .given([changed()])
      .when(set({ expectedVersion: 1 }))
      .then([]);
    // As the stored event comes back from jsonb: each interval's keys in another order.
    const stored = changed({ weekly: { ...office, friday: [{ end: '15:00', start: '09:00' }] } });
    spec
      .given([stored])
      .when(set({ expectedVersion: 1 }))
      .then([]);
    spec
      .given([])
      .when(set({ ...DEFAULT_BUSINESS_HOURS, expectedVersion: 0 }))
      .then([]);
  });

  it.each(['MEMBER', 'AUDITOR'] as const)('refuses a %s', (role) => {
    spec
      .given([])
      .when(set({ role }))
      .thenThrows(refused('forbidden', 'Only an admin or a maintainer can change the business hours'));
  });

  it('refuses a zone the zone database does not know', () => {
    spec
      .given([])
      .when(set({ timeZone: 'Europe/Atlantis' }))
      .thenThrows(refused('invalid', 'Unknown time zone: use an IANA name such as Europe/Prague or UTC'));
  });

  it('answers not found for another team’s stream', () => {
    spec
      .given([changed()])
      .when(set({ teamId: 'team-2', expectedVersion: 1 }))
      .thenThrows(refused('not-found'));
  });

  it('folds to the hours last set and their version', () => {
    const state = [changed(), changed({ enabled: false })].reduce(
      businessHoursDecider.evolve,
      businessHoursDecider.initialState(),
    );
    expect(state).toEqual({ teamId, ...hours, enabled: false, version: 2 });
    expect(businessHoursDecider.initialState()).toEqual({ ...DEFAULT_BUSINESS_HOURS, teamId: null });
  });
});
