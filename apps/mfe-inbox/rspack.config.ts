import { webAppConfig } from '../../tools/web/rspack-base';
import { federation } from './module-federation.config';

export default (_env: unknown, argv: { mode?: string }) =>
  webAppConfig({ dir: 'mfe-inbox', federation, port: 4201, publicPath: 'auto' }, argv);
