import type { DataSubjectErasure, Page, TeamAuditEntry } from '@teaminbox/contracts';
import type { TeamAuditQuery } from '@teaminbox/api-client';
import { webApi } from './api';

/**
 * The Audit trail screen's server data (docs/audit.md): the team's trail page by page, the filters and the page as
 * the query's arguments, and the erasure of a person's personal data. Every call is `handled`: the screen shows the
 * server's message itself. No push tells of new events: the screen loads the trail afresh on each opening, 'Apply'
 * and page, and after an erasure (its newest entry).
 */
export const auditApi = webApi.injectEndpoints({
  endpoints: (build) => ({
    teamAudit: build.query<Page<TeamAuditEntry>, TeamAuditQuery>({
      query: (query) => ({ path: '/team/audit', query: { ...query }, handled: true }),
    }),
    /** The address of the person (ADMIN); a refusal is answered with the server's message. */
    erasePersonalData: build.mutation<DataSubjectErasure, string>({
      query: (email) => ({ path: '/team/audit/erasures', method: 'POST', body: { email }, handled: true }),
    }),
  }),
});

export const { useTeamAuditQuery, useErasePersonalDataMutation } = auditApi;
