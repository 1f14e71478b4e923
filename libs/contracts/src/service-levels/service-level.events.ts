import type { BusinessHoursChanged } from './business-hours.schemas';
import type { SlaPoliciesReordered, SlaPolicyChanged, SlaPolicyCreated, SlaPolicyDeleted } from './sla-policy.schemas';

/** The events of the service-levels context. */
export interface ServiceLevelEventMap {
  BusinessHoursChanged: BusinessHoursChanged;
  SlaPolicyCreated: SlaPolicyCreated;
  SlaPolicyChanged: SlaPolicyChanged;
  SlaPolicyDeleted: SlaPolicyDeleted;
  SlaPoliciesReordered: SlaPoliciesReordered;
}
export type ServiceLevelEventType = keyof ServiceLevelEventMap;
