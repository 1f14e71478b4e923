import type { DetailViewMode } from '@teaminbox/contracts';
import { useAppSelector, useUserPreferencesQuery } from '@teaminbox/web-store';
import { selectViewMode } from './emailDetailSlice';

/**
 * The detail's view mode (classic or timeline): the one chosen in this session, else the person's stored preference
 * (read from the one cache of the preferences; a load failure is silent), else the one this browser remembered.
 */
export function useViewMode(): DetailViewMode {
  useUserPreferencesQuery();
  return useAppSelector(selectViewMode);
}
