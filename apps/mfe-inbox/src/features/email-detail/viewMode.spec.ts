import { waitFor } from '@testing-library/react';
import { inboxApi, personalApi } from '@teaminbox/api-client';
import { createAppStore, injectFeature } from '@teaminbox/web-store';
import feature from '../../feature';
import { emailDetailFeature } from './emailDetailFeature';
import { detailOpened, selectEmailDetail, viewModeChosen, VIEW_MODE_STORAGE_KEY } from './emailDetailSlice';

/** A store with the inbox feature (its sagas running); the email itself is never answered. */
function storeWithDetail() {
  jest.spyOn(inboxApi, 'getEmail').mockReturnValue(new Promise(() => undefined));
  jest.spyOn(inboxApi, 'getThread').mockResolvedValue([]);
  jest.spyOn(inboxApi, 'listReplies').mockResolvedValue([]);
  jest.spyOn(personalApi, 'getNotificationSettings').mockResolvedValue({ htmlSignature: '' } as never);
  const store = createAppStore({ withoutCoreSagas: true });
  injectFeature(store, feature);
  injectFeature(store, emailDetailFeature);
  return { store, viewMode: () => selectEmailDetail(store.getState()).viewMode };
}

describe('the detail view mode', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    window.localStorage.clear();
  });

  it('is classic by default and for an unknown stored value', () => {
    jest.spyOn(inboxApi, 'getPreferences').mockReturnValue(new Promise(() => undefined));
    expect(storeWithDetail().viewMode()).toBe('classic');
    window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, 'cards');
    expect(storeWithDetail().viewMode()).toBe('classic');
  });

  it('starts from the local value, and the server value overrides it', async () => {
    window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, 'timeline');
    jest.spyOn(inboxApi, 'getPreferences').mockResolvedValue({
      emailDetailViewMode: 'classic',
      onVacation: false,
      language: 'en',
      listDensity: 'comfortable',
      undoSendSeconds: 10,
    });
    const { store, viewMode } = storeWithDetail();
    expect(viewMode()).toBe('timeline');
    store.dispatch(detailOpened('e1'));
    await waitFor(() => expect(viewMode()).toBe('classic'));
    expect(window.localStorage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('classic');
  });

  it('keeps a choice locally and on the server; a failed preference load is silent', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(inboxApi, 'getPreferences').mockRejectedValue(new Error('offline'));
    const save = jest.spyOn(inboxApi, 'setPreferences').mockResolvedValue({
      emailDetailViewMode: 'timeline',
      onVacation: false,
      language: 'en',
      listDensity: 'comfortable',
      undoSendSeconds: 10,
    });
    const { store, viewMode } = storeWithDetail();
    store.dispatch(detailOpened('e1'));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    store.dispatch(viewModeChosen('timeline'));
    expect(viewMode()).toBe('timeline');
    expect(window.localStorage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('timeline');
    expect(save).toHaveBeenCalledWith({ emailDetailViewMode: 'timeline' });
  });
});
