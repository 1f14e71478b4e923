/** What other modules may use of the activity context. */
export { ActivityModule } from './activity.module';
export { TEAM_ACTIVITY_PROJECTION } from './projections/team-activity/team-activity.projection';
export { TeamActivityReadModel } from './projections/team-activity/team-activity.read-model';
export { ACTIVITY_MANIFEST } from './activity.manifest';
