import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per team; its members are the `users` rows with this team_id. */
@Entity({ name: 'teams' })
export class TeamReadModel {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
