/** What other modules may use of the service-levels context. */
export { ServiceLevelsModule } from './service-levels.module';
export { SERVICE_LEVELS_MANIFEST } from './service-levels.manifest';
export { BusinessHoursReadModel } from './projections/business-hours/business-hours.read-model';
export { GetBusinessHoursQuery } from './queries/get-business-hours/get-business-hours.query';
export { ListSlaPoliciesQuery } from './queries/list-sla-policies/list-sla-policies.query';
export { slaPolicyFor, slaPolicyMatches, type SlaSubject } from './domain/sla-policy-match';
export {
  addBusinessMinutes,
  type BusinessCalendar,
  businessMinutesBetween,
  calendarOf,
  type ClockPause,
} from './domain/business-time';
