import { Query } from '@nestjs/cqrs';
import type { ReplyTemplate } from '@teaminbox/contracts';

/** One reply template of the team; 404 for another team's or a deleted one. */
export class GetReplyTemplateQuery extends Query<ReplyTemplate> {
  constructor(
    readonly teamId: string,
    readonly templateId: string,
  ) {
    super();
  }
}
