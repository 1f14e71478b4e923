import { webAppConfig } from '../../tools/web/rspack-base';
import { federation } from './module-federation.config';

export default (_env: unknown, argv: { mode?: string }) =>
  webAppConfig({ dir: 'mfe-settings', federation, port: 4203, publicPath: 'auto' }, argv);
