import { Command } from '@nestjs/cqrs';
import type { ReplyTemplate, TReplyTemplateRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Creates a reply template of the caller's team (templateId null) or changes one; answers the template. */
export class SaveReplyTemplateCommand extends Command<ReplyTemplate> {
  constructor(
    readonly caller: TeamCaller,
    readonly templateId: string | null,
    readonly request: TReplyTemplateRequest,
  ) {
    super();
  }
}
