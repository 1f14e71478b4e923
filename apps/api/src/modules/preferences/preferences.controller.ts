import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import {
  type DetailViewMode,
  type UserPreferences,
  ZAvailabilityRequest,
  ZUserPreferencesRequest,
} from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { ANY, EVENT_STORE, type EventStore } from '../../platform/event-store/event-store.port';
import type { AuthenticatedUser } from '../../platform/auth/authenticated-user';
import { CurrentUser } from '../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { newCorrelationId, toNewEvents, ReadYourWrites } from '../../platform/event-sourcing';
import { USER_PREFERENCES_PROJECTION } from './user-preferences.projection';

export const DEFAULT_PREFERENCES: UserPreferences = { emailDetailViewMode: 'classic', onVacation: false };

/** GET/PUT /user/preferences and PUT /me/availability: personal settings, kept as events (stream `preferences-<userId>`). */
@Controller()
export class PreferencesController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
    private readonly db: DataSource,
  ) {}

  @Get('user/preferences')
  get(@CurrentUser() user: AuthenticatedUser): Promise<UserPreferences> {
    return this.read(user.id);
  }

  @Put('user/preferences')
  set(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(ZUserPreferencesRequest))
    body: { emailDetailViewMode?: DetailViewMode; onVacation?: boolean },
  ): Promise<UserPreferences> {
    return this.change(user.id, body);
  }

  @Put('me/availability')
  availability(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(ZAvailabilityRequest)) body: { onVacation: boolean },
  ): Promise<UserPreferences> {
    return this.change(user.id, { onVacation: body.onVacation });
  }

  private async change(
    userId: string,
    change: { emailDetailViewMode?: DetailViewMode; onVacation?: boolean },
  ): Promise<UserPreferences> {
    if (change.emailDetailViewMode !== undefined || change.onVacation !== undefined) {
      const event = { type: 'UserPreferencesChanged' as const, data: { userId, ...change } };
      const context = { actorUserId: userId, teamId: null, correlationId: newCorrelationId() };
      const appended = await this.store.appendToStream(`preferences-${userId}`, toNewEvents([event], context), ANY);
      await this.readYourWrites.waitFor(appended.position, [USER_PREFERENCES_PROJECTION]);
    }
    return this.read(userId);
  }

  private async read(userId: string): Promise<UserPreferences> {
    const [row]: { email_detail_view_mode: DetailViewMode; on_vacation: boolean }[] = await this.db.query(
      'SELECT email_detail_view_mode, on_vacation FROM user_preferences WHERE user_id = $1',
      [userId],
    );
    return row ? { emailDetailViewMode: row.email_detail_view_mode, onVacation: row.on_vacation } : DEFAULT_PREFERENCES;
  }
}
