import { FeatureModule } from '../../platform/module-manifest/manifest';
import { ConversationsModule } from '../conversations';
import { TeamActivityController } from './http/team-activity.controller';
import { ACTIVITY_MANIFEST } from './activity.manifest';

/** The team's activity log: a read-only context, a projection over the other contexts' events. */
@FeatureModule(ACTIVITY_MANIFEST, {
  imports: [ConversationsModule],
  controllers: [TeamActivityController],
})
export class ActivityModule {}
