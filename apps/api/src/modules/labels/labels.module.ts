import { FeatureModule } from '../../platform/module-manifest/manifest';
import { EmailLabelsController } from './http/email-labels.controller';
import { LABELS_MANIFEST } from './labels.manifest';

@FeatureModule(LABELS_MANIFEST, {
  controllers: [EmailLabelsController],
})
export class LabelsModule {}
