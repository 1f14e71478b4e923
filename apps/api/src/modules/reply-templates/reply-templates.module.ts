import { FeatureModule } from '../../platform/module-manifest/manifest';
import { ReplyTemplatesController } from './http/reply-templates.controller';
import { REPLY_TEMPLATES_MANIFEST } from './reply-templates.manifest';

@FeatureModule(REPLY_TEMPLATES_MANIFEST, {
  controllers: [ReplyTemplatesController],
})
export class ReplyTemplatesModule {}
