import { Query } from '@nestjs/cqrs';
import type { ReplyTemplate } from '@teaminbox/contracts';

/** A team's reply templates by name. */
export class ListReplyTemplatesQuery extends Query<ReplyTemplate[]> {
  constructor(readonly teamId: string) {
    super();
  }
}
