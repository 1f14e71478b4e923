import { Query } from '@nestjs/cqrs';
import type { Email, Page, TListEmailsQuery } from '@teaminbox/contracts';

export class ListEmailsQuery extends Query<Page<Email>> {
  constructor(
    readonly userId: string,
    readonly filters: TListEmailsQuery,
    /** Every folder but spam (quick search). */
    readonly everywhere = false,
  ) {
    super();
  }
}
