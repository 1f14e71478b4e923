import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature, userLoaded } from '@teaminbox/web-store';
import feature from '../feature';

type SignedInUser = Parameters<typeof userLoaded>[0];

/**
 * Renders a settings screen in English with the settings feature in a store without the core sagas, signed in as
 * `user` when one is given (an admin of team t1, with the fields given). Returns the store.
 */
export function renderSettingsScreen(screen: ReactElement, user?: Partial<SignedInUser>) {
  initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  if (user) {
    store.dispatch(
      userLoaded({
        id: 'u1',
        email: 'a@x.test',
        firstName: null,
        lastName: null,
        role: 'ADMIN',
        teamId: 't1',
        ...user,
      }),
    );
  }
  injectFeature(store, feature);
  render(<Provider store={store}>{screen}</Provider>);
  return store;
}
