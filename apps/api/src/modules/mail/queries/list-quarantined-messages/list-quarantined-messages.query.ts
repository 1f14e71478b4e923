import { Query } from '@nestjs/cqrs';
import type { QuarantinedMessage } from '@teaminbox/contracts';

/** GET /email-server-config/quarantine: the team's messages that could not be imported, with the reason. */
export class ListQuarantinedMessagesQuery extends Query<QuarantinedMessage[]> {
  constructor(readonly teamId: string) {
    super();
  }
}
