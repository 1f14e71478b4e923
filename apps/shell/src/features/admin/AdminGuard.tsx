import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressSpinner } from 'primereact/progressspinner';
import { selectSessionStatus, useAppSelector } from '@teaminbox/web-store';
import { Navigate } from '@teaminbox/ui';

/** The admin area: anonymous visitors go to the root path; while the token is checked, a spinner. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const status = useAppSelector(selectSessionStatus);
  if (status === 'anonymous') return <Navigate to="/" replace />;
  if (status === 'checking') {
    return (
      <div className="p-3 flex justify-content-center" role="status">
        <ProgressSpinner style={{ width: 40, height: 40 }} aria-label={t('remote.loading')} />
      </div>
    );
  }
  return <>{children}</>;
}
