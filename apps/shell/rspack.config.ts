import { webAppConfig } from '../../tools/web/rspack-base';
import { federation } from './module-federation.config';

export default (_env: unknown, argv: { mode?: string }) =>
  webAppConfig({ dir: 'shell', federation, port: 4200, publicPath: '/', proxyContexts: ['/remotes'] }, argv);
