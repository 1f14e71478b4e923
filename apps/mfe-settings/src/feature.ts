import type { RemoteFeature } from '@teaminbox/web-store';

/** Injected into the shell's store when a settings route first loads (no state of its own yet). */
const feature: RemoteFeature = { key: 'settings', slices: [] };
export default feature;
