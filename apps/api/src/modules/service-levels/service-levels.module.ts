import { FeatureModule } from '../../platform/module-manifest/manifest';
import { SlaPoliciesStream } from './commands/sla-policies-stream';
import { BusinessHoursController } from './http/business-hours.controller';
import { SlaPoliciesController } from './http/sla-policies.controller';
import { SERVICE_LEVELS_MANIFEST } from './service-levels.manifest';

@FeatureModule(SERVICE_LEVELS_MANIFEST, {
  controllers: [BusinessHoursController, SlaPoliciesController],
  providers: [SlaPoliciesStream],
})
export class ServiceLevelsModule {}
