import type { WeeklySchedule } from '@teaminbox/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per team that saved its business hours; a team without one runs its clocks in calendar time. */
@Entity({ name: 'business_hours' })
export class BusinessHoursReadModel {
  @PrimaryColumn({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @Column({ name: 'time_zone', type: 'text' })
  timeZone!: string;

  @Column({ type: 'jsonb' })
  weekly!: WeeklySchedule;

  /** YYYY-MM-DD dates in the team's zone, ascending. */
  @Column({ type: 'jsonb' })
  holidays!: string[];

  /** The version of the team's stream `business-hours-<teamId>` the row shows. */
  @Column({ type: 'integer' })
  version!: number;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
