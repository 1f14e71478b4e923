import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { IdentityModule } from '../identity';
import { EraseDataSubjectHandler } from './commands/erase-data-subject/erase-data-subject.handler';
import { ErasureController } from './http/erasure.controller';
import { TeamAuditController } from './http/team-audit.controller';
import { TeamAuditProjection } from './projections/team-audit/team-audit.projection';
import { ExportTeamAuditHandler } from './queries/export-team-audit/export-team-audit.handler';
import { ListTeamAuditHandler } from './queries/list-team-audit/list-team-audit.handler';
import { RemainingPersonalData } from './queries/remaining-personal-data/remaining-personal-data';

/**
 * The team's audit trail (a projection over every team event of the other contexts) and the erasure of a person's
 * personal data.
 */
@Module({
  imports: [IdentityModule],
  controllers: [TeamAuditController, ErasureController],
  providers: [
    TeamAuditProjection,
    ListTeamAuditHandler,
    ExportTeamAuditHandler,
    EraseDataSubjectHandler,
    RemainingPersonalData,
  ],
})
export class AuditModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly projection: TeamAuditProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.projection);
  }
}
