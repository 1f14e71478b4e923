import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type BusinessHours, DEFAULT_BUSINESS_HOURS } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import {
  type BusinessHoursRow,
  SELECT_BUSINESS_HOURS,
  toBusinessHours,
} from '../../projections/business-hours/business-hours.mapper';
import { GetBusinessHoursQuery } from './get-business-hours.query';

@QueryHandler(GetBusinessHoursQuery)
export class GetBusinessHoursHandler implements IQueryHandler<GetBusinessHoursQuery, BusinessHours> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId }: GetBusinessHoursQuery): Promise<BusinessHours> {
    const [row]: BusinessHoursRow[] = await this.db.query(`${SELECT_BUSINESS_HOURS} WHERE team_id = $1`, [teamId]);
    return row ? toBusinessHours(row) : DEFAULT_BUSINESS_HOURS;
  }
}
