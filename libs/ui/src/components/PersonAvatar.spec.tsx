import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createAppStore, personPhotoLoaded, teamApi } from '@teaminbox/web-store';
import { PersonAvatar } from './PersonAvatar';

function renderAvatars() {
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(
    teamApi.util.upsertQueryEntries([
      {
        endpointName: 'teamMembers',
        arg: undefined,
        value: [{ id: 'u2', name: 'Bob Brown', email: 'bob@x.test', role: 'MEMBER' }],
      },
    ]),
  );
  store.dispatch(personPhotoLoaded({ userId: 'u2', url: 'blob:bob' }));
  render(
    <Provider store={store}>
      <PersonAvatar userId="u2" name="Bob Brown" />
      <PersonAvatar email="BOB@x.test" name="Bob Brown" />
      <PersonAvatar userId="u3" name="Cecilia Dvořák" size={28} />
      <PersonAvatar email="dana.e@x.test" />
    </Provider>,
  );
  return screen.getAllByTestId('person-avatar');
}

describe('PersonAvatar', () => {
  it('shows the member’s photo, found by id or by address', () => {
    const [byId, byEmail] = renderAvatars();
    for (const avatar of [byId, byEmail]) {
      expect(avatar).toHaveAttribute('data-photo', 'yes');
      expect(avatar.querySelector('img')).toHaveAttribute('src', 'blob:bob');
    }
  });

  it('shows up to two initials when there is no photo', () => {
    const [, , noPhoto, stranger] = renderAvatars();
    expect(noPhoto).toHaveAttribute('data-photo', 'no');
    expect(noPhoto).toHaveTextContent('CD');
    expect(noPhoto.querySelector('img')).toBeNull();
    expect(noPhoto).toHaveStyle({ width: '28px', height: '28px' });
    expect(stranger).toHaveTextContent('DE');
  });
});
