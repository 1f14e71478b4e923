import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, userLoaded } from '@teaminbox/web-store';
import ProfilePage from './ProfilePage';

describe('the profile page', () => {
  it('shows the current user with initials, name and email', () => {
    initI18n('en');
    const store = createAppStore({ withoutCoreSagas: true });
    store.dispatch(
      userLoaded({
        id: 'u1',
        email: 'jana@example.com',
        firstName: 'Jana',
        lastName: 'Nováková',
        role: 'ADMIN',
        teamId: 't1',
      }),
    );
    render(
      <Provider store={store}>
        <ProfilePage />
      </Provider>,
    );
    expect(screen.getByTestId('profile-avatar')).toHaveTextContent('JN');
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Jana Nováková');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('jana@example.com');
  });
});
