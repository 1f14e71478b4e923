import { useCallback, useEffect } from 'react';
import { LIST_DENSITIES, type ListDensity, type UserPreferences } from '@teaminbox/contracts';
import { settingsApi, useAppDispatch, useUserPreferencesQuery, webApi, type ApiFailure } from '@teaminbox/web-store';
import { notice } from '../../shared/notices';

/** The density shown until the person's preferences are known, and the one they start with. */
export const DEFAULT_LIST_DENSITY: ListDensity = 'comfortable';

/**
 * The last density this browser was told (the server's preference wins as soon as it loads): the list opens in it
 * instead of changing its rows' height under the reader a moment later.
 */
export const LIST_DENSITY_KEY = 'inboxListDensity';

function remembered(): ListDensity {
  try {
    const value = localStorage.getItem(LIST_DENSITY_KEY);
    return (LIST_DENSITIES as readonly string[]).includes(value ?? '') ? (value as ListDensity) : DEFAULT_LIST_DENSITY;
  } catch {
    return DEFAULT_LIST_DENSITY;
  }
}

function remember(density: ListDensity): void {
  try {
    localStorage.setItem(LIST_DENSITY_KEY, density);
  } catch (error) {
    console.warn('the list density could not be kept in this browser', error);
  }
}

/**
 * The person's list density, saved in their preferences (`PUT /user/preferences {listDensity}`). The cached
 * preferences show the choice at once and the server's answer when it comes; a failure puts the previous value back.
 */
export const listDensityApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    setListDensity: build.mutation<UserPreferences, ListDensity>({
      query: (listDensity) => ({ path: '/user/preferences', method: 'PUT', body: { listDensity }, handled: true }),
      async onQueryStarted(listDensity, { dispatch, queryFulfilled }) {
        const shown = dispatch(
          settingsApi.util.updateQueryData('userPreferences', undefined, (preferences) => {
            preferences.listDensity = listDensity;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('userPreferences', undefined, data));
        } catch (failed) {
          shown.undo();
          console.warn('the list density could not be saved', (failed as { error?: ApiFailure }).error ?? failed);
        }
      },
    }),
  }),
});

/**
 * The list's density and the way to change it: the person's preference once loaded (kept in this browser for the
 * next opening), until then the one this browser last knew. A failed save says so and keeps the previous density.
 */
export function useListDensity(): [ListDensity, (density: ListDensity) => void] {
  const dispatch = useAppDispatch();
  const { data: preferences } = useUserPreferencesQuery();
  const [save] = listDensityApi.useSetListDensityMutation();
  const saved = preferences?.listDensity;
  useEffect(() => {
    if (saved) remember(saved);
  }, [saved]);
  const choose = useCallback(
    (density: ListDensity) => {
      const before = saved ?? remembered();
      remember(density);
      save(density)
        .unwrap()
        .catch(() => {
          remember(before);
          dispatch(notice('error', 'inbox.densityError'));
        });
    },
    [dispatch, save, saved],
  );
  return [saved ?? remembered(), choose];
}
