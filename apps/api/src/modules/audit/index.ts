/** What other modules may use of the audit context. */
export { AuditModule } from './audit.module';
export { TEAM_AUDIT_PROJECTION } from './projections/team-audit/team-audit.projection';
export { TeamAuditReadModel } from './projections/team-audit/team-audit.read-model';
export { redactPayload } from './domain/audit-redaction';
export { AUDIT_MANIFEST } from './audit.manifest';
