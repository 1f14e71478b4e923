import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { IdentityModule } from '../identity';
import { EmailLabelsController } from './http/email-labels.controller';
import { LabelsService } from './labels.service';
import { EmailLabelProjection } from './projections/email-label.projection';

@Module({
  imports: [IdentityModule],
  controllers: [EmailLabelsController],
  providers: [LabelsService, EmailLabelProjection],
})
export class LabelsModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly projection: EmailLabelProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.projection);
  }
}
