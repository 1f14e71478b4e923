import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Label } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../../platform/event-sourcing';
import { LABEL_NOT_FOUND_MESSAGE } from '../../domain/labels.decider';
import { type LabelRow, toLabel } from '../../projections/email-label/label.mapper';
import { GetLabelQuery } from './get-label.query';

@QueryHandler(GetLabelQuery)
export class GetLabelHandler implements IQueryHandler<GetLabelQuery, Label> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId, labelId }: GetLabelQuery): Promise<Label> {
    const [row]: LabelRow[] = await this.db.query('SELECT * FROM email_label WHERE id = $1 AND team_id = $2', [
      labelId,
      teamId,
    ]);
    if (!row) throw new DomainError('not-found', LABEL_NOT_FOUND_MESSAGE);
    return toLabel(row);
  }
}
