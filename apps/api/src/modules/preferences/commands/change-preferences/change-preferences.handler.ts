import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { UserPreferences } from '@teaminbox/contracts';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { preferencesDecider, preferencesStreamId } from '../../domain/preferences.decider';
import { USER_PREFERENCES_PROJECTION } from '../../projections/user-preferences/user-preferences.projection';
import { GetPreferencesQuery } from '../../queries/get-preferences/get-preferences.query';
import { ChangePreferencesCommand } from './change-preferences.command';

/** The user's own stream; a concurrent change of the same user is decided again (the last write wins). */
@CommandHandler(ChangePreferencesCommand)
export class ChangePreferencesHandler implements ICommandHandler<ChangePreferencesCommand, UserPreferences> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller: { userId }, change }: ChangePreferencesCommand): Promise<UserPreferences> {
    await this.repository.decide(
      preferencesStreamId(userId),
      preferencesDecider,
      { type: 'ChangePreferences', data: { userId, ...change } },
      { teamId: null, retries: 3, waitFor: [USER_PREFERENCES_PROJECTION] },
    );
    return this.queries.execute(new GetPreferencesQuery(userId));
  }
}
