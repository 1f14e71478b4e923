import type { BusinessHours, TBusinessHoursRequest } from '@teaminbox/contracts';
import { webApi } from './api';

/**
 * The team's business hours (GET/PUT /team/business-hours, docs/service-levels.md). Every member reads them; an ADMIN
 * or MAINTAINER saves them on the version read, and the server's answer replaces the cached hours. Every call is
 * `handled`: the screen raises its own notices (a 409 tells that someone else saved meanwhile).
 */
export const serviceLevelsApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    businessHours: build.query<BusinessHours, void>({
      query: () => ({ path: '/team/business-hours', handled: true }),
    }),
    saveBusinessHours: build.mutation<BusinessHours, TBusinessHoursRequest>({
      query: (hours) => ({ path: '/team/business-hours', method: 'PUT', body: hours, handled: true }),
      async onQueryStarted(_hours, { dispatch, queryFulfilled }) {
        const { data: saved } = await queryFulfilled.catch(() => ({ data: null }));
        if (saved) dispatch(serviceLevelsApi.util.upsertQueryData('businessHours', undefined, saved));
      },
    }),
  }),
});

export const { useBusinessHoursQuery, useSaveBusinessHoursMutation } = serviceLevelsApi;
