import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { SetBusinessHoursHandler } from './commands/set-business-hours/set-business-hours.handler';
import { BusinessHoursProjection } from './projections/business-hours/business-hours.projection';
import { GetBusinessHoursHandler } from './queries/get-business-hours/get-business-hours.handler';

/** The team's service levels (business hours): what the module brings to the application (docs/ARCHITECTURE.md). */
export const SERVICE_LEVELS_MANIFEST = defineModuleManifest({
  name: 'service-levels',
  events: ['BusinessHoursChanged'],
  projections: [BusinessHoursProjection],
  reactions: [],
  commandHandlers: [SetBusinessHoursHandler],
  queryHandlers: [GetBusinessHoursHandler],
  pushes: [],
});
