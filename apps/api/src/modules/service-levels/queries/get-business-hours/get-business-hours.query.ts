import { Query } from '@nestjs/cqrs';
import type { BusinessHours } from '@teaminbox/contracts';

/** The team's business hours; calendar time (DEFAULT_BUSINESS_HOURS) until first saved. */
export class GetBusinessHoursQuery extends Query<BusinessHours> {
  constructor(readonly teamId: string) {
    super();
  }
}
