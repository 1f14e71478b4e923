import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { TeamActivityProjection } from './projections/team-activity/team-activity.projection';
import { ListTeamActivityHandler } from './queries/list-team-activity/list-team-activity.handler';

/** The team's activity log: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const ACTIVITY_MANIFEST = defineModuleManifest({
  name: 'activity',
  events: [],
  projections: [TeamActivityProjection],
  reactions: [],
  commandHandlers: [],
  queryHandlers: [ListTeamActivityHandler],
  pushes: [],
});
