import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { DeleteLabelHandler } from './commands/delete-label/delete-label.handler';
import { InitializeLabelsHandler } from './commands/initialize-labels/initialize-labels.handler';
import { SaveLabelHandler } from './commands/save-label/save-label.handler';
import { EmailLabelsController } from './http/email-labels.controller';
import { EmailLabelProjection } from './projections/email-label/email-label.projection';
import { GetLabelHandler } from './queries/get-label/get-label.handler';
import { ListLabelsHandler } from './queries/list-labels/list-labels.handler';
import { PushLabelChangeHandler } from './reactions/push-label-change.handler';

@Module({
  controllers: [EmailLabelsController],
  providers: [
    EmailLabelProjection,
    SaveLabelHandler,
    DeleteLabelHandler,
    InitializeLabelsHandler,
    ListLabelsHandler,
    GetLabelHandler,
    PushLabelChangeHandler,
  ],
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
