import { render, screen } from '@testing-library/react';
import { PersonAvatar } from './PersonAvatar';

function renderAvatars() {
  render(
    <>
      <PersonAvatar photo="blob:bob" userId="u2" name="Bob Brown" />
      <PersonAvatar photo={null} userId="u3" name="Cecilia Dvořák" size={28} />
      <PersonAvatar email="dana.e@x.test" />
    </>,
  );
  return screen.getAllByTestId('person-avatar');
}

describe('PersonAvatar', () => {
  it('shows the photo it is given', () => {
    const [bob] = renderAvatars();
    expect(bob).toHaveAttribute('data-photo', 'yes');
    expect(bob).toHaveAttribute('data-person', 'u2');
    expect(bob.querySelector('img')).toHaveAttribute('src', 'blob:bob');
  });

  it('shows up to two initials when there is no photo', () => {
    const [, noPhoto, stranger] = renderAvatars();
    expect(noPhoto).toHaveAttribute('data-photo', 'no');
    expect(noPhoto).toHaveTextContent('CD');
    expect(noPhoto.querySelector('img')).toBeNull();
    expect(noPhoto).toHaveStyle({ width: '28px', height: '28px' });
    expect(stranger).toHaveTextContent('DE');
  });
});
