import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { ChangeSlaPolicyHandler } from './commands/change-sla-policy/change-sla-policy.handler';
import { CreateSlaPolicyHandler } from './commands/create-sla-policy/create-sla-policy.handler';
import { DeleteSlaPolicyHandler } from './commands/delete-sla-policy/delete-sla-policy.handler';
import { ReorderSlaPoliciesHandler } from './commands/reorder-sla-policies/reorder-sla-policies.handler';
import { SetBusinessHoursHandler } from './commands/set-business-hours/set-business-hours.handler';
import { BusinessHoursProjection } from './projections/business-hours/business-hours.projection';
import { SlaPoliciesProjection } from './projections/sla-policies/sla-policies.projection';
import { GetBusinessHoursHandler } from './queries/get-business-hours/get-business-hours.handler';
import { ListSlaPoliciesHandler } from './queries/list-sla-policies/list-sla-policies.handler';

/**
 * The team's service levels (business hours, SLA policies): what the module brings to the application
 * (docs/ARCHITECTURE.md, "Module manifests").
 */
export const SERVICE_LEVELS_MANIFEST = defineModuleManifest({
  name: 'service-levels',
  events: ['BusinessHoursChanged', 'SlaPolicyCreated', 'SlaPolicyChanged', 'SlaPolicyDeleted', 'SlaPoliciesReordered'],
  projections: [BusinessHoursProjection, SlaPoliciesProjection],
  reactions: [],
  commandHandlers: [
    SetBusinessHoursHandler,
    CreateSlaPolicyHandler,
    ChangeSlaPolicyHandler,
    DeleteSlaPolicyHandler,
    ReorderSlaPoliciesHandler,
  ],
  queryHandlers: [GetBusinessHoursHandler, ListSlaPoliciesHandler],
  pushes: [],
});
