import { StrictMode, useState, type FormEvent, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { PrimeReactProvider } from 'primereact/api';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import {
  BrowserRouter,
  initTheme,
  LanguageSwitch,
  LocaleSync,
  Navigate,
  primeReactConfig,
  Route,
  Routes,
  startI18n,
  ThemeSwitch,
} from '@teaminbox/ui';
import { loggedOut, selectCurrentUser, selectSessionStatus, selectSignIn, signInRequested } from '../session.slice';
import {
  createAppStore,
  injectFeature,
  useAppDispatch,
  useAppSelector,
  type AppStore,
  type RemoteFeature,
} from '../store';
import { NoticeHost } from '../connected/NoticeHost';
import type { StandaloneOptions } from './mountStandalone';

function DevSignIn() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const signIn = useAppSelector(selectSignIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(signInRequested({ email, password }));
  };
  return (
    <form onSubmit={submit} className="flex flex-column gap-2" style={{ maxWidth: 360 }}>
      <h2>{t('standalone.heading')}</h2>
      <InputText type="email" placeholder={t('login.email')} value={email} onChange={(e) => setEmail(e.target.value)} />
      <Password
        feedback={false}
        placeholder={t('login.password')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {signIn.error ? <small className="p-error">{signIn.error}</small> : null}
      <Button type="submit" label={t('standalone.signIn')} loading={signIn.pending} />
    </form>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);
  return (
    <div className="p-3">
      <div className="flex align-items-center gap-2 mb-3">
        <strong>Team Inbox</strong>
        <span className="flex-1" />
        {user ? <span>{user.email}</span> : null}
        <ThemeSwitch />
        <LanguageSwitch />
        {user ? <Button text icon="pi pi-sign-out" aria-label="Logout" onClick={() => dispatch(loggedOut())} /> : null}
      </div>
      {status === 'authenticated' ? children : status === 'checking' ? null : <DevSignIn />}
    </div>
  );
}

/**
 * Runs one remote on its own (its dev server), with a store from libs/web-store and a small
 * sign-in form in place of the shell's screens.
 */
export function StandaloneApp({
  store,
  feature,
  children,
}: {
  store: AppStore;
  feature: RemoteFeature;
  children: ReactNode;
}) {
  injectFeature(store, feature);
  return (
    <Provider store={store}>
      <PrimeReactProvider value={{ ...primeReactConfig, locale: i18next.language }}>
        <BrowserRouter>
          <LocaleSync />
          <NoticeHost />
          <Frame>{children}</Frame>
        </BrowserRouter>
      </PrimeReactProvider>
    </Provider>
  );
}

/** Renders a remote's pages on their own (called by mountStandalone, which loads this module on demand). */
export function renderStandalone({ feature, features = [], pages, home }: StandaloneOptions): void {
  initTheme();
  const store = createAppStore();
  for (const pageFeature of features) injectFeature(store, pageFeature);
  void startI18n().then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <StandaloneApp store={store} feature={feature}>
          <Routes>
            {Object.entries(pages).map(([path, page]) => (
              <Route key={path} path={path} element={page} />
            ))}
            <Route path="*" element={<Navigate to={home} replace />} />
          </Routes>
        </StandaloneApp>
      </StrictMode>,
    ),
  );
}
