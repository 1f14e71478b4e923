import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/** The host. Remotes are registered at runtime from same-origin manifests (see src/remotes/remotes.ts). */
export const federation: ConstructorParameters<typeof ModuleFederationPlugin>[0] = {
  name: 'shell',
  remotes: {},
};
