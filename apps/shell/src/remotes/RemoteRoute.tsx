import { Component, useCallback, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { firstScreenShown } from '@teaminbox/api-client';
import { currentLanguage, loadLanguage } from '@teaminbox/ui';
import { injectFeature, useAppStore, type RemoteFeature } from '@teaminbox/web-store';
import { loadRemoteModule, resetRemote, type RemoteKey } from './remotes';

export interface RemoteLoader {
  load<T>(remote: RemoteKey, exposed: string): Promise<T>;
  reset(remote: RemoteKey): void;
}

const federationLoader: RemoteLoader = { load: loadRemoteModule, reset: resetRemote };

/** Shown in place of a remote that cannot be loaded; the rest of the shell keeps working. */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="p-3 flex flex-column align-items-center gap-3" role="alert" data-testid="remote-unavailable">
      <i className="pi pi-exclamation-triangle" style={{ fontSize: '2rem' }} aria-hidden />
      <p className="m-0">{t('remote.unavailable')}</p>
      <Button
        type="button"
        label={t('remote.retry')}
        icon="pi pi-refresh"
        onClick={onRetry}
        data-testid="remote-retry"
      />
    </div>
  );
}

class RemoteErrorBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('a remote failed while rendering', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <RemoteUnavailable
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

type LoadState = { key: string } & (
  { status: 'failed' } | { status: 'ready'; Page: ComponentType; announcesFirstScreen: boolean }
);

/** Tells that the first screen is shown, once mounted (after the page beside it). */
function FirstScreenShown() {
  useEffect(() => firstScreenShown(), []);
  return null;
}

/**
 * One route's page from a remote: loads the remote's feature (its slices and saga, injected into the
 * store once) and the exposed page with the features it brings (its `features` export, injected once too), with
 * the remote's texts in the current language, and
 * shows a fallback with Retry when either cannot be loaded.
 */
export function RemoteRoute({
  remote,
  page,
  loader = federationLoader,
}: {
  remote: RemoteKey;
  page: string;
  loader?: RemoteLoader;
}) {
  const { t } = useTranslation('shell');
  const store = useAppStore();
  const [attempt, setAttempt] = useState(0);
  const key = `${remote}/${page}#${attempt}`;
  const [state, setState] = useState<LoadState | null>(null);

  useEffect(() => {
    let active = true;
    (async () => {
      // Both are fetched at once; the feature's slices and saga are in the store before the page renders.
      const [feature, mod] = await Promise.all([
        loader.load<{ default: RemoteFeature }>(remote, 'feature'),
        loader.load<{ default: ComponentType; features?: RemoteFeature[]; announcesFirstScreen?: boolean }>(
          remote,
          page,
        ),
      ]);
      // The remote registered its texts when its modules loaded: they are there in the current language first.
      await loadLanguage(currentLanguage());
      injectFeature(store, feature.default);
      for (const pageFeature of mod.features ?? []) injectFeature(store, pageFeature);
      if (active)
        setState({ key, status: 'ready', Page: mod.default, announcesFirstScreen: mod.announcesFirstScreen === true });
    })().catch((error: unknown) => {
      console.error(`remote ${remote} is unavailable`, error);
      if (active) setState({ key, status: 'failed' });
    });
    return () => {
      active = false;
    };
  }, [key, remote, page, loader, store]);

  const retry = useCallback(() => {
    loader.reset(remote);
    setAttempt((n) => n + 1);
  }, [loader, remote]);

  if (!state || state.key !== key) {
    return (
      <div className="p-3 flex justify-content-center" role="status">
        <ProgressSpinner style={{ width: 40, height: 40 }} aria-label={t('remote.loading')} />
      </div>
    );
  }
  if (state.status === 'failed') return <RemoteUnavailable onRetry={retry} />;
  const { Page } = state;
  // A page is its screen's first content, unless it says itself when that is shown (the inbox: its first rows).
  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry}>
      <Page />
      {state.announcesFirstScreen ? null : <FirstScreenShown />}
    </RemoteErrorBoundary>
  );
}
