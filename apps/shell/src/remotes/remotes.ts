import { getInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';

/** The three remotes: the folder they are served from under /remotes/ and their federation name. */
export const REMOTES = {
  inbox: 'mfe_inbox',
  admin: 'mfe_admin',
  settings: 'mfe_settings',
} as const;
export type RemoteKey = keyof typeof REMOTES;

export function manifestUrl(remote: RemoteKey, origin: string = window.location.origin): string {
  return `${origin}/remotes/${remote}/mf-manifest.json`;
}

function federation(): ModuleFederation {
  const instance = getInstance();
  if (!instance) throw new Error('Module Federation runtime is not initialised');
  return instance;
}

/** Registers every remote from its manifest on this origin (at start-up, before any route loads). */
export function registerRemotes(origin?: string): void {
  federation().registerRemotes(
    (Object.keys(REMOTES) as RemoteKey[]).map((key) => ({ name: REMOTES[key], entry: manifestUrl(key, origin) })),
  );
}

/** Forgets what is cached about one remote, so the next load fetches its manifest again. */
export function resetRemote(remote: RemoteKey): void {
  federation().registerRemotes([{ name: REMOTES[remote], entry: manifestUrl(remote) }], { force: true });
}

/** Loads one exposed module ('./feature' is asked for as 'feature'); rejects when it cannot be loaded. */
export async function loadRemoteModule<T>(remote: RemoteKey, exposed: string): Promise<T> {
  const mod = await federation().loadRemote<T>(`${REMOTES[remote]}/${exposed}`);
  if (!mod) throw new Error(`${REMOTES[remote]}/${exposed} could not be loaded`);
  return mod;
}
