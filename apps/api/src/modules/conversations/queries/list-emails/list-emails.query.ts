import { Query } from '@nestjs/cqrs';
import type { Email, ListView, Page, TListEmailsQuery } from '@teaminbox/contracts';
import type { Caller } from '../../../../platform/auth';

/** A page of the caller's team's emails (or conversations); an empty page for a caller without a team. */
export class ListEmailsQuery extends Query<Page<Email>> {
  constructor(
    readonly caller: Caller,
    readonly filters: TListEmailsQuery,
    /** Every folder but spam (quick search). */
    readonly everywhere = false,
    /** One row per email (default) or per conversation. */
    readonly view: ListView = 'emails',
  ) {
    super();
  }
}
