import { Command } from '@nestjs/cqrs';
import type { UserPreferences } from '@teaminbox/contracts';
import type { Caller } from '../../../../platform/auth';
import type { PreferencesChange } from '../../domain/preferences.decider';

/** Changes some of the caller's personal preferences; answers all of them. */
export class ChangePreferencesCommand extends Command<UserPreferences> {
  constructor(
    readonly caller: Caller,
    readonly change: PreferencesChange,
  ) {
    super();
  }
}
