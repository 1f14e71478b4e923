import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature, userLoaded } from '@teaminbox/web-store';
import { shellFeature } from '../../app/shell.feature';
import { AdminLayout } from '../admin/AdminLayout';
import { loginLinkSignedIn } from '../login-link/linkSignIn.slice';
import { AfterLoginLinkRedirect } from './PasswordPrompt';

const user = { id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: null, teamId: null };

function Home() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/', { state: { afterLoginLink: true } })}>
      the home page
    </button>
  );
}

function setup(initial: string) {
  initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  injectFeature(store, shellFeature);
  store.dispatch(userLoaded(user));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[initial]}>
        <AfterLoginLinkRedirect />
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/admin" element={<AdminLayout />}>
            <Route index element={<p>the dashboard</p>} />
            <Route path="set-password" element={<p>the set-password form</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

beforeEach(() => sessionStorage.clear());

describe('after a login-link sign-in', () => {
  it('goes on from / to the set-password form', () => {
    const store = setup('/');
    act(() => {
      store.dispatch(loginLinkSignedIn('u1'));
    });
    fireEvent.click(screen.getByText('the home page'));
    expect(screen.getByText('the set-password form')).toBeInTheDocument();
  });

  it('stays on / without a login-link sign-in', () => {
    setup('/');
    fireEvent.click(screen.getByText('the home page'));
    expect(screen.getByText('the home page')).toBeInTheDocument();
  });

  it('reminds the user in the admin area until the password is set', () => {
    const store = setup('/admin');
    expect(screen.queryByTestId('set-password-prompt')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(loginLinkSignedIn('u1'));
    });
    expect(screen.getByTestId('set-password-prompt')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('set-password-prompt-open'));
    expect(screen.getByText('the set-password form')).toBeInTheDocument();
    expect(screen.queryByTestId('set-password-prompt')).not.toBeInTheDocument();
  });

  it('offers Change password in the user menu', () => {
    setup('/admin');
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(screen.getByTestId('user-menu-change-password'));
    expect(screen.getByText('the set-password form')).toBeInTheDocument();
  });
});
