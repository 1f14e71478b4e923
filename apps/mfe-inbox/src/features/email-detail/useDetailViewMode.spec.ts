import { act, renderHook, waitFor } from '@testing-library/react';
import { inboxApi } from '@teaminbox/api-client';
import { useDetailViewMode, VIEW_MODE_STORAGE_KEY } from './useDetailViewMode';

describe('the detail view mode', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    window.localStorage.clear();
  });

  it('is classic by default and for an unknown stored value', () => {
    jest.spyOn(inboxApi, 'getPreferences').mockReturnValue(new Promise(() => undefined));
    expect(renderHook(() => useDetailViewMode()).result.current[0]).toBe('classic');
    window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, 'cards');
    expect(renderHook(() => useDetailViewMode()).result.current[0]).toBe('classic');
  });

  it('starts from the local value, and the server value overrides it', async () => {
    window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, 'timeline');
    jest
      .spyOn(inboxApi, 'getPreferences')
      .mockResolvedValue({ emailDetailViewMode: 'classic', onVacation: false, language: 'en' });
    const { result } = renderHook(() => useDetailViewMode());
    expect(result.current[0]).toBe('timeline');
    await waitFor(() => expect(result.current[0]).toBe('classic'));
    expect(window.localStorage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('classic');
  });

  it('keeps a choice locally and on the server; a failed preference load is silent', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(inboxApi, 'getPreferences').mockRejectedValue(new Error('offline'));
    const save = jest
      .spyOn(inboxApi, 'setPreferences')
      .mockResolvedValue({ emailDetailViewMode: 'timeline', onVacation: false, language: 'en' });
    const { result } = renderHook(() => useDetailViewMode());
    await waitFor(() => expect(warn).toHaveBeenCalled());
    act(() => result.current[1]('timeline'));
    expect(result.current[0]).toBe('timeline');
    expect(window.localStorage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('timeline');
    expect(save).toHaveBeenCalledWith({ emailDetailViewMode: 'timeline' });
  });
});
