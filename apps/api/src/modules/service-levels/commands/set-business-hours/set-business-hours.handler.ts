import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { BusinessHours } from '@teaminbox/contracts';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import {
  BUSINESS_HOURS_CHANGED_MESSAGE,
  businessHoursDecider,
  businessHoursStreamId,
} from '../../domain/business-hours.decider';
import { BUSINESS_HOURS_PROJECTION } from '../../projections/business-hours/business-hours.projection';
import { GetBusinessHoursQuery } from '../../queries/get-business-hours/get-business-hours.query';
import { SetBusinessHoursCommand } from './set-business-hours.command';

/**
 * The team's stream `business-hours-<teamId>`, decided on the version the caller read: a writer who appended first
 * makes this change a conflict (409), never a silent overwrite.
 */
@CommandHandler(SetBusinessHoursCommand)
export class SetBusinessHoursHandler implements ICommandHandler<SetBusinessHoursCommand, BusinessHours> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller, request }: SetBusinessHoursCommand): Promise<BusinessHours> {
    const { expectedVersion, enabled, timeZone, weekly, holidays } = request;
    await this.repository.decide(
      businessHoursStreamId(caller.teamId),
      businessHoursDecider,
      {
        type: 'SetBusinessHours',
        teamId: caller.teamId,
        role: caller.role,
        expectedVersion,
        enabled,
        timeZone,
        weekly,
        holidays,
      },
      { conflictMessage: BUSINESS_HOURS_CHANGED_MESSAGE, waitFor: [BUSINESS_HOURS_PROJECTION] },
    );
    return this.queries.execute(new GetBusinessHoursQuery(caller.teamId));
  }
}
