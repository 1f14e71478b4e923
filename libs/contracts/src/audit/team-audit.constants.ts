import type { Role } from '../identity/identity.constants';

/*
 * The audit trail's plain values, kept apart from the schemas (and from zod) so that the web's first load (the
 * side menu, the API client) can use them without the schema library.
 */

/** Who may read the team's audit trail and export it: the API's guard and the web's menu use this one list. */
export const AUDIT_TRAIL_READER_ROLES: readonly Role[] = ['ADMIN', 'MAINTAINER', 'AUDITOR'];

export const TEAM_AUDIT_PAGE_SIZE = 50;
export const TEAM_AUDIT_MAX_PAGE_SIZE = 200;
export const TEAM_AUDIT_EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type TeamAuditExportFormat = (typeof TEAM_AUDIT_EXPORT_FORMATS)[number];
/** The response header of an export carrying how many entries it holds (for a progress bar). */
export const TEAM_AUDIT_TOTAL_HEADER = 'X-Total-Count';
