import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from '../remotes/RemoteRoute';

interface LazyPartProps {
  /** Named in the console when its code cannot be loaded. */
  name: string;
  /** Shown while its code loads. */
  loading: ReactNode;
  /** Shown when its code cannot be loaded; `loading` when not given. */
  failed?: ReactNode;
  children: ReactNode;
}

/**
 * A part of the shell whose code loads when it is first needed (React.lazy). Should that code fail to load (the
 * network, or a deployment that replaced the files of the version the page runs), the part shows `failed` and the
 * rest of the page keeps working; the error goes to the console.
 */
export class LazyPart extends Component<LazyPartProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`${this.props.name} could not be loaded`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { loading, failed = loading, children } = this.props;
    if (this.state.failed) return failed;
    return <Suspense fallback={loading}>{children}</Suspense>;
  }
}

/**
 * While a screen's code loads: an empty, busy region (the frame around it stays). Should it not load, the screen says
 * so, and Retry loads the page again (the version it runs may have been replaced).
 */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <LazyPart
      name="a screen"
      loading={<div className="p-3" role="status" aria-busy="true" />}
      failed={<RemoteUnavailable onRetry={() => window.location.reload()} />}
    >
      {children}
    </LazyPart>
  );
}
