import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, notificationsApi } from '@teaminbox/api-client';
import { personPhotoLoaded, selectPendingNotices } from '@teaminbox/web-store';
import ProfilePage from './ProfilePage';
import { renderSettingsScreen } from '../../testing/settings-harness';
import { answerRoutes, type Routes } from '../../testing/server-routes';
import { notificationSettings } from '../../testing/notification-settings';

function setup(routes: Routes = {}) {
  const server = answerRoutes({
    ...routes,
    'GET /api/user/preferences': [200, { emailDetailViewMode: 'timeline', onVacation: false, language: 'en' }],
    'GET /api/notification-settings': [200, notificationSettings()],
  });
  const store = renderSettingsScreen(<ProfilePage />, {
    email: 'jana@example.com',
    firstName: 'Jana',
    lastName: 'Nováková',
  });
  return Object.assign(store, { server });
}

describe('the profile page', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:photo');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('shows the current user with initials when there is no photo, name and email, and the embedded settings', async () => {
    setup();
    expect(screen.getByTestId('profile-avatar')).toHaveTextContent('JN');
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Jana Nováková');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('jana@example.com');
    expect(screen.getByText('Square image, at least 128x128 px')).toBeInTheDocument();
    expect(screen.getByTestId('profile-photo-file')).toHaveAttribute('accept', 'image/*');
    expect(await screen.findByTestId('notification-settings')).toBeInTheDocument();
  });

  it('shows the photo every avatar of the person shows, and the server view mode over the local one', async () => {
    localStorage.setItem('emailDetailViewMode', 'classic');
    const store = setup();
    act(() => {
      store.dispatch(personPhotoLoaded({ userId: 'u1', url: 'blob:photo' }));
    });
    expect(screen.getByTestId('profile-avatar').querySelector('img')).toHaveAttribute('src', 'blob:photo');
    await waitFor(() => expect(localStorage.getItem('emailDetailViewMode')).toBe('timeline'));
    expect(screen.getByRole('button', { name: 'Timeline' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('loads the preferences once for the profile and its embedded settings', async () => {
    const { server } = setup();
    await screen.findByTestId('notification-settings');
    await waitFor(() => expect(localStorage.getItem('emailDetailViewMode')).toBe('timeline'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls.filter((call) => call.path === '/api/user/preferences')).toHaveLength(1);
  });

  it('saves the vacation switch at once with its notice, and shows the stored value again when the save fails', async () => {
    const store = setup({
      'PUT /api/me/availability': [200, { emailDetailViewMode: 'timeline', onVacation: true, language: 'en' }],
    });
    const routes = store.server;
    const vacation = () => screen.getByTestId('profile-vacation').querySelector('input') as HTMLInputElement;
    await screen.findByTestId('notification-settings');
    fireEvent.click(vacation());
    await waitFor(() =>
      expect(selectPendingNotices(store.getState())).toContainEqual(
        expect.objectContaining({ key: 'notificationSettings.availabilitySaved', lifeMs: 2000 }),
      ),
    );
    expect(vacation()).toBeChecked();
    // The embedded settings show the same availability.
    expect(screen.getByTestId('settings-vacation').querySelector('input')).toBeChecked();
    expect(routes.calls.find((call) => call.method === 'PUT')?.body).toEqual({ onVacation: true });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    routes.routes['PUT /api/me/availability'] = [500, { message: 'down' }];
    fireEvent.click(vacation());
    await waitFor(() => expect(routes.calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    await waitFor(() => expect(vacation()).toBeChecked());
    expect(selectPendingNotices(store.getState())).toHaveLength(1);
  });

  it('saves the view mode on click', async () => {
    const { server } = setup({
      'PUT /api/user/preferences': [200, { emailDetailViewMode: 'classic', onVacation: false, language: 'en' }],
    });
    await waitFor(() => expect(localStorage.getItem('emailDetailViewMode')).toBe('timeline'));
    fireEvent.click(screen.getByText('Classic'));
    expect(localStorage.getItem('emailDetailViewMode')).toBe('classic');
    await waitFor(() =>
      expect(server.calls.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/api/user/preferences',
        body: { emailDetailViewMode: 'classic' },
      }),
    );
    expect(screen.getByRole('button', { name: 'Classic' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("uploads the chosen photo with the success notice (2 s, 'Zavřít'), or the failure notice (2.5 s)", async () => {
    const store = setup();
    const upload = jest.spyOn(notificationsApi, 'uploadProfilePhoto').mockResolvedValueOnce({
      success: true,
      message: 'Profile photo updated',
      userId: 'u1',
      updatedAt: new Date().toISOString(),
    });
    const file = new File(['img'], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('profile-photo-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('profile-photo-save'));
    await waitFor(() =>
      expect(selectPendingNotices(store.getState())).toContainEqual(
        expect.objectContaining({ key: 'profile.photoUpdated', lifeMs: 2000, closeKey: 'profile.close' }),
      ),
    );
    expect(upload).toHaveBeenCalledWith(file, 'me.png');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    upload.mockRejectedValueOnce(new ApiError(400, 'SVG images are not accepted'));
    fireEvent.click(screen.getByTestId('profile-photo-save'));
    await waitFor(() =>
      expect(selectPendingNotices(store.getState())).toContainEqual(
        expect.objectContaining({
          severity: 'error',
          key: 'profile.photoFailed',
          lifeMs: 2500,
          closeKey: 'profile.close',
        }),
      ),
    );
  });
});
