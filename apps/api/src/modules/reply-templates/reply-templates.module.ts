import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { IdentityModule } from '../identity';
import { ReplyTemplatesController } from './http/reply-templates.controller';
import { ReplyTemplateProjection } from './projections/reply-template.projection';
import { ReplyTemplatesService } from './reply-templates.service';

@Module({
  imports: [IdentityModule],
  controllers: [ReplyTemplatesController],
  providers: [ReplyTemplatesService, ReplyTemplateProjection],
})
export class ReplyTemplatesModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly projection: ReplyTemplateProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.projection);
  }
}
