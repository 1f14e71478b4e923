import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { DeleteReplyTemplateHandler } from './commands/delete-reply-template/delete-reply-template.handler';
import { SaveReplyTemplateHandler } from './commands/save-reply-template/save-reply-template.handler';
import { ReplyTemplatesController } from './http/reply-templates.controller';
import { ReplyTemplateProjection } from './projections/reply-template/reply-template.projection';
import { GetReplyTemplateHandler } from './queries/get-reply-template/get-reply-template.handler';
import { ListReplyTemplatesHandler } from './queries/list-reply-templates/list-reply-templates.handler';
import { PushTemplateChangeHandler } from './reactions/push-template-change.handler';

@Module({
  controllers: [ReplyTemplatesController],
  providers: [
    ReplyTemplateProjection,
    SaveReplyTemplateHandler,
    DeleteReplyTemplateHandler,
    ListReplyTemplatesHandler,
    GetReplyTemplateHandler,
    PushTemplateChangeHandler,
  ],
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
