import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { EraseDataSubjectHandler } from './commands/erase-data-subject/erase-data-subject.handler';
import { TeamAuditProjection } from './projections/team-audit/team-audit.projection';
import { ExportTeamAuditHandler } from './queries/export-team-audit/export-team-audit.handler';
import { ListTeamAuditHandler } from './queries/list-team-audit/list-team-audit.handler';

/** The team's audit log and the erasure of a data subject: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const AUDIT_MANIFEST = defineModuleManifest({
  name: 'audit',
  events: [],
  projections: [TeamAuditProjection],
  reactions: [],
  commandHandlers: [EraseDataSubjectHandler],
  queryHandlers: [ListTeamAuditHandler, ExportTeamAuditHandler],
  pushes: [],
});
