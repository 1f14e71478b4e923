import type { DetailViewMode } from '@teaminbox/contracts';
import { useAppSelector, useUserPreferencesQuery } from '@teaminbox/web-store';
import { selectViewMode } from './emailDetailSlice';

/**
 * The detail's view mode (classic or timeline): the last one chosen here or stored in the person's preferences (read
 * from the one cache of the preferences, shared with the Profile; a load failure is silent), else the one this browser
 * remembered.
 */
export function useViewMode(): DetailViewMode {
  useUserPreferencesQuery();
  return useAppSelector(selectViewMode);
}
