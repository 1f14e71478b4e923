import { FeatureModule } from '../../platform/module-manifest/manifest';
import { BusinessHoursController } from './http/business-hours.controller';
import { SERVICE_LEVELS_MANIFEST } from './service-levels.manifest';

@FeatureModule(SERVICE_LEVELS_MANIFEST, {
  controllers: [BusinessHoursController],
})
export class ServiceLevelsModule {}
