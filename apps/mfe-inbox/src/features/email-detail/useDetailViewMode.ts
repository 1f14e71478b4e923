import { useCallback, useEffect, useState } from 'react';
import { DETAIL_VIEW_MODES, type DetailViewMode } from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';

export const VIEW_MODE_STORAGE_KEY = 'emailDetailViewMode';

function stored(): DetailViewMode {
  try {
    const value = window.localStorage.getItem(VIEW_MODE_STORAGE_KEY);
    return (DETAIL_VIEW_MODES as readonly string[]).includes(value ?? '') ? (value as DetailViewMode) : 'classic';
  } catch {
    return 'classic';
  }
}

function remember(mode: DetailViewMode) {
  try {
    window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, mode);
  } catch {
    // Storage may be unavailable (private mode); the server keeps the choice.
  }
}

/**
 * The detail view mode (classic or timeline): kept locally (default classic) and on the server; the server's
 * value wins once it has loaded. A failed preference call is only logged (spec: preference load is silent).
 */
export function useDetailViewMode(): [DetailViewMode, (mode: DetailViewMode) => void] {
  const [mode, setMode] = useState<DetailViewMode>(stored);
  useEffect(() => {
    let active = true;
    inboxApi.getPreferences().then(
      (preferences) => {
        if (!active || !preferences?.emailDetailViewMode) return;
        remember(preferences.emailDetailViewMode);
        setMode(preferences.emailDetailViewMode);
      },
      (error: unknown) => console.warn('Could not load preferences', error),
    );
    return () => {
      active = false;
    };
  }, []);
  const choose = useCallback((next: DetailViewMode) => {
    setMode(next);
    remember(next);
    inboxApi
      .setPreferences({ emailDetailViewMode: next })
      .catch((error: unknown) => console.warn('Could not save the view mode', error));
  }, []);
  return [mode, choose];
}
