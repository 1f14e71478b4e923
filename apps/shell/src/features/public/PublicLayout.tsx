import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch, ThemeSwitch, NavLink, Outlet } from '@teaminbox/ui';

export function PublicLayout() {
  const { t } = useTranslation('shell');
  return (
    <div>
      <header className="shell-header flex align-items-center gap-3 p-3">
        <strong className="shell-brand">{t('app.name')}</strong>
        <nav className="flex gap-3 flex-1" aria-label="main">
          <NavLink to="/" end>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/login">{t('nav.login')}</NavLink>
          <NavLink to="/register">{t('nav.register')}</NavLink>
        </nav>
        <ThemeSwitch />
        <LanguageSwitch />
      </header>
      <main>
        <Suspense fallback={<div className="p-3" role="status" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
