import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ReplyTemplate } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../../platform/event-sourcing';
import { REPLY_TEMPLATE_NOT_FOUND_MESSAGE } from '../../domain/reply-template.decider';
import {
  type ReplyTemplateRow,
  SELECT_REPLY_TEMPLATE,
  toReplyTemplate,
} from '../../projections/reply-template/reply-template.mapper';
import { GetReplyTemplateQuery } from './get-reply-template.query';

@QueryHandler(GetReplyTemplateQuery)
export class GetReplyTemplateHandler implements IQueryHandler<GetReplyTemplateQuery, ReplyTemplate> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId, templateId }: GetReplyTemplateQuery): Promise<ReplyTemplate> {
    const [row]: ReplyTemplateRow[] = await this.db.query(`${SELECT_REPLY_TEMPLATE} WHERE id = $1 AND team_id = $2`, [
      templateId,
      teamId,
    ]);
    if (!row) throw new DomainError('not-found', REPLY_TEMPLATE_NOT_FOUND_MESSAGE);
    return toReplyTemplate(row);
  }
}
