import { Query } from '@nestjs/cqrs';
import type { UserPreferences } from '@teaminbox/contracts';

/** A user's personal preferences, the defaults until a first change. */
export class GetPreferencesQuery extends Query<UserPreferences> {
  constructor(readonly userId: string) {
    super();
  }
}
