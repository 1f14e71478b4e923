import type { FactoryProvider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SecretBox } from './secret-box';

export { SecretBox } from './secret-box';

/** SecretBox keyed with AppConfig.secretsKey (SECRETS_KEY, or the development key generated in DATA_DIR). */
export const secretBoxProvider: FactoryProvider<SecretBox> = {
  provide: SecretBox,
  useFactory: (config: AppConfig) => new SecretBox(config.secretsKey),
  inject: [APP_CONFIG],
};
