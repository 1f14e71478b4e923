import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { QuarantinedMessage } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { quarantineRowsOf } from '../../projections/mail-quarantine.rows';
import { ListQuarantinedMessagesQuery } from './list-quarantined-messages.query';

@QueryHandler(ListQuarantinedMessagesQuery)
export class ListQuarantinedMessagesHandler implements IQueryHandler<
  ListQuarantinedMessagesQuery,
  QuarantinedMessage[]
> {
  constructor(private readonly db: DataSource) {}

  execute({ teamId }: ListQuarantinedMessagesQuery): Promise<QuarantinedMessage[]> {
    return quarantineRowsOf(this.db, teamId);
  }
}
