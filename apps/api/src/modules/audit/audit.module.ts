import { FeatureModule } from '../../platform/module-manifest/manifest';
import { IdentityModule } from '../identity';
import { ErasureController } from './http/erasure.controller';
import { TeamAuditController } from './http/team-audit.controller';
import { RemainingPersonalData } from './queries/remaining-personal-data/remaining-personal-data';
import { AUDIT_MANIFEST } from './audit.manifest';

/**
 * The team's audit trail (a projection over every team event of the other contexts) and the erasure of a person's
 * personal data.
 */
@FeatureModule(AUDIT_MANIFEST, {
  imports: [IdentityModule],
  controllers: [TeamAuditController, ErasureController],
  providers: [RemainingPersonalData],
})
export class AuditModule {}
