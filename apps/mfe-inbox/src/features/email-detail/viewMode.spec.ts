import { waitFor } from '@testing-library/react';
import type { UserPreferences } from '@teaminbox/contracts';
import { createAppStore, injectFeature, settingsApi } from '@teaminbox/web-store';
import { answerServerCalls, serverFailure } from '@teaminbox/web-store/testing';
import feature from '../../feature';
import { emailDetailFeature } from './emailDetailFeature';
import { detailOpened, selectViewMode, viewModeChosen, VIEW_MODE_STORAGE_KEY } from './emailDetailSlice';

const PREFERENCES = 'GET /api/user/preferences';
const preferences = (emailDetailViewMode: UserPreferences['emailDetailViewMode']): UserPreferences => ({
  emailDetailViewMode,
  onVacation: false,
  language: 'en',
  listDensity: 'comfortable',
  undoSendSeconds: 10,
});

/**
 * A store with the inbox feature (its sagas running) and the person's preferences read through the cache, as the
 * detail's toolbar reads them; the email itself is never answered.
 */
function storeWithDetail() {
  answerServerCalls({ 'GET /api/notification-settings': { htmlSignature: '' } });
  const store = createAppStore({ withoutCoreSagas: true });
  injectFeature(store, feature);
  injectFeature(store, emailDetailFeature);
  const readPreferences = () => store.dispatch(settingsApi.endpoints.userPreferences.initiate());
  return { store, readPreferences, viewMode: () => selectViewMode(store.getState()) };
}

describe('the detail view mode', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    window.localStorage.clear();
  });

  it('is classic by default and for an unknown stored value', () => {
    expect(storeWithDetail().viewMode()).toBe('classic');
    window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, 'cards');
    expect(storeWithDetail().viewMode()).toBe('classic');
  });

  it("starts from the local value, and the person's stored preference overrides it (and is remembered locally)", async () => {
    window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, 'timeline');
    const { store, viewMode, readPreferences } = storeWithDetail();
    answerServerCalls({ [PREFERENCES]: preferences('classic') });
    expect(viewMode()).toBe('timeline');
    store.dispatch(detailOpened('e1'));
    readPreferences();
    await waitFor(() => expect(viewMode()).toBe('classic'));
    expect(window.localStorage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('classic');
  });

  it('keeps a choice locally and on the server; a failed preference load is silent', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store, viewMode, readPreferences } = storeWithDetail();
    const fetch = answerServerCalls({
      [PREFERENCES]: serverFailure(503, 'offline'),
      'PUT /api/user/preferences': preferences('timeline'),
    });
    store.dispatch(detailOpened('e1'));
    readPreferences();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('the preferences could not be loaded', expect.anything()));
    store.dispatch(viewModeChosen('timeline'));
    expect(viewMode()).toBe('timeline');
    expect(window.localStorage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('timeline');
    const saved = () =>
      fetch.mock.calls
        .filter(([url, init]) => String(url) === '/api/user/preferences' && init?.method === 'PUT')
        .map(([, init]) => JSON.parse(String(init?.body)));
    await waitFor(() => expect(saved()).toEqual([{ emailDetailViewMode: 'timeline' }]));
  });

  it('shows a choice at once, and then the preference as stored, here or on the Profile', async () => {
    const { store, viewMode, readPreferences } = storeWithDetail();
    answerServerCalls({ [PREFERENCES]: preferences('classic'), 'PUT /api/user/preferences': preferences('timeline') });
    readPreferences();
    await waitFor(() => expect(viewMode()).toBe('classic'));
    store.dispatch(viewModeChosen('timeline'));
    store.dispatch(detailOpened('e2'));
    expect(viewMode()).toBe('timeline');

    // The Profile stores classic again: the detail follows the one cache of the preferences.
    answerServerCalls({ 'PUT /api/user/preferences': preferences('classic') });
    await store.dispatch(settingsApi.endpoints.setPreferences.initiate({ emailDetailViewMode: 'classic' }));
    await waitFor(() => expect(viewMode()).toBe('classic'));
  });
});
