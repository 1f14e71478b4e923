import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../../platform/event-sourcing';
import { uuidOr404 } from '../../../../platform/http/uuid-or-404';
import { quarantineRowOf, rawSourceOf } from '../../projections/mail-quarantine.rows';
import {
  GetRawMessageQuery,
  NO_SOURCE_MESSAGE,
  RAW_NOT_FOUND_MESSAGE,
  type RawMessageSource,
} from './get-raw-message.query';

@QueryHandler(GetRawMessageQuery)
export class GetRawMessageHandler implements IQueryHandler<GetRawMessageQuery, RawMessageSource> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId, id, of }: GetRawMessageQuery): Promise<RawMessageSource> {
    if (of === 'quarantine') {
      const row = await quarantineRowOf(this.db, teamId, id);
      const source = await rawSourceOf(this.db, teamId, row.email_id);
      if (!source) throw new DomainError('not-found', NO_SOURCE_MESSAGE);
      return { filename: `message-${row.uid}.eml`, source };
    }
    uuidOr404(id, RAW_NOT_FOUND_MESSAGE);
    const source = await rawSourceOf(this.db, teamId, id);
    if (!source) throw new DomainError('not-found', RAW_NOT_FOUND_MESSAGE);
    return { filename: `message-${id}.eml`, source };
  }
}
