import { webAppConfig } from '../../tools/web/rspack-base';
import { federation } from './module-federation.config';

export default (_env: unknown, argv: { mode?: string }) =>
  webAppConfig({ dir: 'mfe-admin', federation, port: 4202, publicPath: 'auto' }, argv);
