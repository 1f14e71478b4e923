import type { ReactNode } from 'react';
import type { RemoteFeature } from '../store';

export interface StandaloneOptions {
  /** The remote's feature (src/feature.ts). */
  feature: RemoteFeature;
  /** Features its pages bring (a page module's `features`), injected at start here. */
  features?: RemoteFeature[];
  /** The remote's pages by admin path. */
  pages: Record<string, ReactNode>;
  /** Where any other path leads. */
  home: string;
}

/**
 * The start of a remote on its own dev server (its bootstrap.tsx): theme, language, a store of its own from
 * libs/web-store with the remote's features injected, and its pages under their admin paths; any other path
 * leads to `home`. The standalone frame (sign-in form and all) is loaded here, so that it never weighs on the
 * shell, which shares this library with the remotes.
 */
export function mountStandalone(options: StandaloneOptions): void {
  import('./StandaloneApp').then(
    ({ renderStandalone }) => renderStandalone(options),
    (error: unknown) => console.error('the standalone app could not be loaded', error),
  );
}
